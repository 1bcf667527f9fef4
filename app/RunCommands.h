// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QStringList>
#include <QTextStream>

namespace Labforge {

// `labforge build`, `up` and `down`: the runner on the command line.
class RunCommands
{
public:
    static int build(const QStringList &args, QTextStream &out, QTextStream &err);
    static int up(const QStringList &args, QTextStream &out, QTextStream &err);
    static int down(const QStringList &args, QTextStream &out, QTextStream &err);
};

} // namespace Labforge
