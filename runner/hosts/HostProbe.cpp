// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "HostProbe.h"

#include "LabHost.h"
#include "Libvirt.h"

#include <QtConcurrent>

namespace Labforge {

HostPlacement::Capacity HostProbe::probe(const LabHost &host)
{
    // The URI comes from a lab file: one that file may not give (a program, socket or local
    // file for libvirt or ssh) is not opened, whoever asks (a run validates first; the
    // designer's Test Connection and placement preview ask whatever the open lab holds).
    if (const QString why = LabHost::uriProblem(host.uri); !why.isEmpty())
        return HostPlacement::capacity(host, QStringLiteral("the URI %1").arg(why), 0, 0, 0, 0);
    Libvirt virt(host.uri);
    Libvirt::Resources r;
    QString error = virt.openError();
    if (virt.isOpen())
        virt.resources(&r, &error);
    return HostPlacement::capacity(host, error, r.memoryMiB, r.cpus, r.availableMiB, r.runningDomainsMiB);
}

QList<HostPlacement::Capacity> HostProbe::probe(const QList<LabHost> &hosts)
{
    // Remote hosts answer over SSH: ask them all at once.
    return QtConcurrent::blockingMapped(hosts, [](const LabHost &h) { return probe(h); });
}

} // namespace Labforge
