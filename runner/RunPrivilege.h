// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QString>

namespace Labforge {

// What building images and booting a lab need of the user running labforge: root. Images
// are assembled in chroots (mmdebstrap, mounts), and QEMU, running as the system libvirt's
// user, must reach the kernels and disks under the cache root (/var/cache/labforge for
// root). `labforge build` and `up` and the designer's Build and Boot ask before they start
// anything, so a run is refused at once, not midway.
class RunPrivilege
{
public:
    // Empty when this process may build and boot; else why not and what to do, in words.
    static QString missing();
    // The same for a process that is (or is not) root.
    static QString missing(bool root);
};

} // namespace Labforge
