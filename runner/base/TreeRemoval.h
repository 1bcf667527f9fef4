// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QString>

namespace Labforge {

// Removes a tree below a directory labforge made without ever following a symbolic link:
// each level is opened relative to the one above with O_NOFOLLOW, so a link anywhere (the
// tree itself included) is removed as a link and whatever it points to stays untouched.
class TreeRemoval
{
public:
    // Removes `relative` (a path of plain components) under `base`. The components before the
    // last must be directories, not links; the last one may be a file, a link or a tree. A
    // missing one is not an error. `error` may be null.
    static bool remove(const QString &base, const QString &relative, QString *error = nullptr);
    // Why `relative` under `base` is not to be used: a component of it is a symbolic link
    // (named); empty when none is (or the path ends before one).
    static QString linkProblem(const QString &base, const QString &relative);
};

} // namespace Labforge
