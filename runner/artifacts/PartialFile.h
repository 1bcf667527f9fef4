// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QString>

namespace Labforge {

// Files written whole or not at all: a writer fills `<target>.partial`, then this puts it in
// place of the target in one rename (the partial file is removed when that fails).
class PartialFile
{
public:
    static QString pathFor(const QString &target) { return target + QStringLiteral(".partial"); }
    static bool moveIntoPlace(const QString &target, QString *error);
};

} // namespace Labforge
