// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QStringList>
#include <QTextStream>

namespace Labforge {

// `labforge accel`: which accelerator guests get on this host, found the way `up` finds
// it (a kernel really booted under KVM), and kept for `up` to reuse.
class AccelCommand
{
public:
    static int run(const QStringList &args, QTextStream &out, QTextStream &err);
};

} // namespace Labforge
