// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QStringList>
#include <QTextStream>

namespace Labforge {

// `labforge pins show|lock|fetch|verify`: inspect the pins lock, record artifact checksums
// from the network, fill the artifact cache and re-hash it (operations/PinOps), printed.
class PinsCommand
{
public:
    static int run(const QStringList &args, QTextStream &out, QTextStream &err);
};

} // namespace Labforge
