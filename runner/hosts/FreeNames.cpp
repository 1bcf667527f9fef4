// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "FreeNames.h"

#include "HostRun.h"
#include "Libvirt.h"

#include <map>
#include <memory>

namespace Labforge {

bool FreeNames::check(const BootPlan &plan, const QString &lab, QString *error)
{
    std::map<QString, std::unique_ptr<Libvirt>> probes;
    QString unreachable;
    const auto at = [&](const QString &host) -> Libvirt * {
        const QString uri = plan.hosts.isEmpty() ? plan.uri : HostRun::uriOf(plan, host);
        std::unique_ptr<Libvirt> &probe = probes[uri];
        if (!probe)
            probe = std::make_unique<Libvirt>(uri);
        if (probe->isOpen())
            return probe.get();
        if (unreachable.isEmpty())
            unreachable = plan.hosts.isEmpty()
                ? probe->openError() + QStringLiteral(" (is libvirtd running? start it, or choose another --uri)")
                : QStringLiteral("host %1 (%2): %3; nothing was allocated").arg(host, uri, probe->openError());
        return nullptr;
    };
    QStringList taken;
    for (const BootPlan::Domain &d : plan.domains) {
        Libvirt *probe = at(d.host);
        if (probe && probe->hasDomain(d.name)) {
            const Libvirt::Owner owner = probe->domainOwner(d.name);
            const QString where = d.host.isEmpty() ? QString() : QStringLiteral(" on host %1").arg(d.host);
            taken.append(owner.lab.isEmpty() ? QStringLiteral("domain %1%2 (not made by labforge)").arg(d.name, where)
                                             : QStringLiteral("domain %1%2 (lab %3)").arg(d.name, where, owner.lab));
        }
    }
    for (const BootPlan::Network &n : plan.networks) {
        Libvirt *probe = at(n.host);
        if (probe && probe->hasNetwork(n.name))
            taken.append(n.host.isEmpty() ? QStringLiteral("network %1").arg(n.name)
                                          : QStringLiteral("network %1 on host %2").arg(n.name, n.host));
    }
    if (!unreachable.isEmpty()) {
        *error = unreachable;
        return false;
    }
    if (!taken.isEmpty()) {
        *error = QStringLiteral("libvirt already has %1; nothing was allocated (if a run of lab %2 left them, "
                                "`labforge down` removes them)")
                     .arg(taken.join(QStringLiteral(", ")), lab);
        return false;
    }
    return true;
}

} // namespace Labforge
