// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "BootPlan.h"

#include <QByteArray>

namespace Labforge {

// libvirt XML for the plan's networks and domains (see vm-notes: direct kernel
// boot, TCG tuning, virtio rng, serial console logged to a file). Written with
// QXmlStreamWriter, so no value from a lab file can change the document's shape.
// Each object gets a fresh UUID: defining it when another object of the same name
// exists then fails instead of redefining that object.
class LibvirtXml
{
public:
    // The namespace of the metadata labforge writes into each domain (lab, node, run, and the
    // cache root and user that made it: RunOwner).
    static QString metadataNamespace() { return QStringLiteral("urn:labforge:run:1"); }
    static QByteArray network(const BootPlan::Network &network);
    // What runs the domains, as libvirt gives it (Libvirt::qemuVersion, Libvirt::libvirtVersion:
    // major * 1,000,000 + minor * 1,000 + micro; 0: unknown, or not QEMU's driver).
    struct Versions
    {
        quint64 qemu;
        quint64 libvirt;
    };
    // The versions tune an emulated (TCG) guest to the emulator and libvirt that run it.
    static QByteArray domain(const BootPlan::Domain &domain, BootPlan::Accel accel, const QString &labName,
                             const QString &runId, Versions versions = {0, 0});
    // The kernel command line of a guest under TCG: the node's own, plus what makes an
    // emulated boot cheaper without changing what the node does.
    static QString tcgCmdline(const QString &cmdline, quint64 qemuVersion);
    // Whether this QEMU's TCG translates guest code per virtual address, so that a guest with
    // address space layout randomization retranslates its libraries in every process: QEMU
    // before 10.0 (7.2 measured: yes; 10.0 measured: no; the versions between were not
    // measured and are treated as 7.2; an unknown version keeps ASLR).
    static bool tcgTranslatesPerAddressLayout(quint64 qemuVersion);
    // Whether an emulated guest's domain asks libvirt to read its virtual CPU the short way:
    // QEMU's driver, libvirt 5.5 or later (per-domain capability overrides), TCG only (see
    // domain()). libvirt marks such a domain tainted (custom-hypervisor-feature).
    static bool tcgReadsGuestCpuShortWay(BootPlan::Accel accel, Versions versions);
    static QString qemuNamespace() { return QStringLiteral("http://libvirt.org/schemas/domain/qemu/1.0"); }
};

} // namespace Labforge
