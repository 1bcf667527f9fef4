// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "PeerLab.h"

namespace Labforge {

// The Vagrant side of the peer benchmark (bench/bench_peers): one box per role packaged
// from the role's image (PeerLab), added with `vagrant box add` from the file, and a
// Vagrantfile for the lab's machines with the same memory, CPUs, hostnames and addresses
// (a private_network on a libvirt network of vagrant-libvirt's own, besides its management
// network), brought up with `vagrant up --provider=libvirt --no-provision`.
class PeerVagrant
{
public:
    struct Settings
    {
        QString uri = QStringLiteral("qemu:///system");
        QString driver = QStringLiteral("kvm"); // or "qemu" (TCG)
        QString storagePool; // a libvirt directory pool the boxes are uploaded to
        QString user;
        QString privateKey; // path on this host
        QString images; // the roles' kernels and initramfs files: <images>/<role>.vmlinuz, .initrd
        QString network = QStringLiteral("lfpeer-vagrant"); // the private network
        QString managementNetwork = QStringLiteral("lfpeer-vagrant-mgmt");
        QString managementCidr = QStringLiteral("192.168.121.0/24");
    };

    static QString boxName(const PeerLab::Role &role);
    // The box's metadata.json (vagrant-libvirt's format: a qcow2 disk of `virtualSizeGb`).
    static QString boxMetadata(int virtualSizeGb);
    // The Vagrantfile inside a box: the provider's defaults for machines made from it.
    static QString boxVagrantfile(const Settings &settings);
    // The lab's Vagrantfile: one machine per role.
    static QString vagrantfile(const QList<PeerLab::Role> &roles, const Settings &settings);
    // The shell commands that turn the role's raw image (PeerLab::diskScript's ext4) into the
    // box directory's box.img: its copy gets what a box needs and a seed would otherwise give
    // (DHCP on eth0, vagrant-libvirt's management network; cloud-init off, as no seed comes),
    // written with debugfs (no mount), then qcow2. The machines boot the role's kernel and
    // initramfs as peer A's do (the Vagrantfile's libvirt.kernel, .initrd, .cmd_line).
    static QString boxImageScript(const QString &rawImage, const QString &boxDirectory);
};

} // namespace Labforge
