// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QStringList>
#include <QTextStream>

namespace Labforge {

// `labforge link down|up|impair|show` and `labforge capture`: the links between the nodes of a
// lab that is up (LinkControl).
class LinkCommands
{
public:
    static int link(const QStringList &args, QTextStream &out, QTextStream &err);
    static int capture(const QStringList &args, QTextStream &out, QTextStream &err);
};

} // namespace Labforge
