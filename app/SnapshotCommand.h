// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QStringList>
#include <QTextStream>

namespace Labforge {

// `labforge snapshot save|restore|list|delete LAB [NAME]`: the lab's state at one instant,
// kept and brought back (LabSnapshots).
class SnapshotCommand
{
public:
    static int run(const QStringList &args, QTextStream &out, QTextStream &err);
};

} // namespace Labforge
