// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QString>

namespace Labforge {

// Joins a path that comes from lab data under a root it must not leave. The relative
// part may start with '/' (it then means the root, as in an image tree) but may not
// hold "..", empty names from control characters, or NUL. Symbolic links already under
// the root are followed as if the root were '/' (an image tree's absolute links point
// into the tree, not the host); a link that leads out of the root is refused.
// Every path the generators, the bundle writer, the image builder and the runner
// build from lab data goes through here.
class ConfinedPath
{
public:
    enum class Last { Follow, NoFollow }; // NoFollow: the last name is about to be created as a link
    // The joined path, or an empty string with *error set.
    static QString join(const QString &root, const QString &relative, QString *error, Last last = Last::Follow);
    // True when `name` can be one path component (no separator, not "." or "..", no control characters).
    static bool isComponent(const QString &name);
};

} // namespace Labforge
