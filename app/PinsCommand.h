// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QStringList>
#include <QTextStream>

namespace Labforge {

// `labforge pins show|lock|fetch`: inspect the pins lock, record artifact
// checksums from the network, and fill the artifact cache.
class PinsCommand
{
public:
    static int run(const QStringList &args, QTextStream &out, QTextStream &err);
};

} // namespace Labforge
