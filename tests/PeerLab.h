// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Bundle.h"
#include "Lab.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace Labforge {

// A lab's shape as the usual tools without labforge get it (the peer benchmark,
// bench/bench_peers): one stock Debian disk image per role built with Debian's own tools
// (mmdebstrap's default variant with the role's packages, Debian's kernel linux-image-amd64
// with its default initramfs-tools initramfs, cloud-init; the tree made an ext4 disk by
// `mkfs.ext4 -d`), booted by `virt-install --import` straight into that kernel and initramfs
// with a cloud-init NoCloud seed made by `cloud-localds` carrying the user, key, packages,
// hostname and static address. Direct kernel boot rather than GRUB: a partitioned disk with a
// boot loader needs device-mapper (vmdb2's kpartx) or partitioned loop devices, which the
// hosts this benchmark runs on lack; and labforge boots its own kernels the same way, so the
// boots compare the images, not the boot loaders. Each text here is what a user would write
// by hand for the same machines; the Vagrant side is PeerVagrant.
class PeerLab
{
public:
    struct Role
    {
        QString id; // the node id, also its hostname
        QString ip;
        int prefix = 24;
        QString gateway;
        QString mac; // the peer's NIC, fixed so the seed's network config can match it
        int memoryMiB = 1024; // as labforge's boot planner gives the node at the same scale
        int vcpus = 1;
        QString suite;
        QStringList packages; // the role's Debian packages (labforge's image of it holds the same)
    };

    // The roles of `lab` from its bundle, memory at `memoryScale` of each min_memory_gb.
    // Empty (and `error` set, naming the node) when a node has no image or no address.
    static QList<Role> fromLab(const Lab &lab, const Bundle &bundle, double memoryScale, QString *error);

    // The packages every peer image gets beside the role's: cloud-init, ifupdown and a DHCP
    // client (the network cloud-init and Vagrant write), sudo.
    static QStringList peerPackages();

    // cloud-init NoCloud seed files.
    static QString userData(const Role &role, const QString &user, const QString &publicKey);
    static QString metaData(const Role &role);
    static QString networkConfig(const Role &role);

    // The kernel command line the peers boot with (Debian's defaults: no quiet, no tuning).
    static QString kernelCommandLine();

    // mmdebstrap's arguments for the role's tree in `tree` (a directory): its packages and the
    // peer's, the user with the key and password-less sudo (Vagrant, which has no seed, logs in
    // with them), ifupdown reading interfaces.d, an fstab for the root disk. `packageCache`
    // keeps the .debs between builds (sync-in before apt, sync-out after: mmdebstrap's manual
    // page's way), as a user rebuilding images would.
    static QStringList mmdebstrapArgs(const Role &role, const QString &mirror, const QString &user,
                                      const QString &publicKey, const QString &tree, const QString &packageCache);
    // The shell commands that make `tree` the role's disk: `base`.qcow2 (ext4, label root),
    // `base`.vmlinuz and `base`.initrd beside it, the tree removed.
    static QString diskScript(const QString &tree, const QString &base, int sizeGb = 6);

    // `virt-install` arguments for the role's VM: the disk and the seed ISO given, the kernel
    // and initramfs of the role's image (`imageBase`.vmlinuz, .initrd), on the libvirt network
    // `network`, `virtType` "kvm" or "qemu" (TCG).
    static QStringList virtInstallArgs(const Role &role, const QString &domain, const QString &disk,
                                       const QString &seedIso, const QString &imageBase, const QString &network,
                                       const QString &virtType, const QString &uri);

    // An isolated libvirt network (no forwarding, no DHCP) with the host at `hostIp`.
    static QString libvirtNetworkXml(const QString &name, const QString &bridge, const QString &hostIp, int prefix);

    // A MAC address for the `index`th role, in QEMU's locally administered range.
    static QString macFor(int index);
};

} // namespace Labforge
