// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "HostProbe.h"

#include "LabHost.h"
#include "Libvirt.h"

#include <QtConcurrent>

namespace Labforge {

HostPlacement::Capacity HostProbe::probe(const LabHost &host)
{
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
