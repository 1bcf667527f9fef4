// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QString>

namespace Labforge {

// The Debian mirror images are built from: $LABFORGE_DEBIAN_MIRROR, else an imported
// offline kit's packages (file://, RunnerPaths::kitMirror()), else the host's own apt
// sources (deb822 or one-line), else deb.debian.org.
class DebianMirror
{
public:
    static QString url();
    static QString fromSources(const QString &text); // exposed for tests
};

} // namespace Labforge
