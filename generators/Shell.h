// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QString>
#include <QStringList>

namespace Labforge {

// Quoting for values that reach a POSIX shell line (build commands, chroot scripts,
// environment files): each value becomes one single-quoted word, whatever it holds.
class Shell
{
public:
    static QString quote(const QString &value);
    // Each value quoted, joined by spaces.
    static QString quote(const QStringList &values);
};

} // namespace Labforge
