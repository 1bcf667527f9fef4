// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QStringList>
#include <QTextStream>

namespace Labforge {

// `labforge ssh` and `labforge exec`: into the nodes of a lab that is up, through the run's
// ssh_config (its key, its pinned host keys, one kept connection per node).
class NodeCommands
{
public:
    static int ssh(const QStringList &args, QTextStream &out, QTextStream &err);
    static int exec(const QStringList &args, QTextStream &out, QTextStream &err);
};

} // namespace Labforge
