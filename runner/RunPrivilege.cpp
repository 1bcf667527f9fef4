// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "RunPrivilege.h"

#include <unistd.h>

namespace Labforge {

QString RunPrivilege::missing()
{
    return missing(::geteuid() == 0);
}

QString RunPrivilege::missing(bool root)
{
    if (root)
        return {};
    return QStringLiteral("building and booting a lab needs root: images are assembled in chroots, and QEMU under "
                          "the system libvirt must reach the images under /var/cache/labforge. Run it as root: "
                          "sudo labforge up LAB, or the designer with sudo scripts/designer.sh or sudo labforge.");
}

} // namespace Labforge
