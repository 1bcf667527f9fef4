// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QString>

#include <optional>

namespace Labforge {

// The group libvirt's system instance runs QEMU in: `group` in qemu.conf, else the
// packaged default (Debian: libvirt-qemu). A run directory is opened to that group for
// passage only (0710), so QEMU reaches the disks libvirt hands it and no other local user
// reaches anything.
class HypervisorGroup
{
public:
    static constexpr const char *QemuConf = "/etc/libvirt/qemu.conf";
    // The group's id, or nullopt when QEMU runs as root (or the group does not exist).
    static std::optional<unsigned> id(const QString &qemuConf = QString::fromLatin1(QemuConf));
    // The `group` setting of a qemu.conf text: a name, "+ID", or "" when unset.
    static QString configured(const QByteArray &qemuConf);
};

} // namespace Labforge
