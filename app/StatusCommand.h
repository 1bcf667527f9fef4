// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QStringList>
#include <QTextStream>

namespace Labforge {

// `labforge status`: the labs that are up (RunStatus): every recorded run with its nodes'
// states, addresses, uptimes and hosts, its last verdict, and the orphans.
class StatusCommand
{
public:
    static int run(const QStringList &args, QTextStream &out, QTextStream &err);
};

} // namespace Labforge
