// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "HostNetworks.h"

#include "HostShell.h"
#include "Libvirt.h"
#include "LibvirtXml.h"

namespace Labforge {

HostNetworks::HostNetworks(const BootPlan &plan)
    : m_plan(plan)
{ }

const BootPlan::Host *HostNetworks::host(const QString &name) const
{
    for (const BootPlan::Host &h : m_plan.hosts) {
        if (h.name == name)
            return &h;
    }
    return nullptr;
}

HostFabric::Segment HostNetworks::segment(const BootPlan::Network &network) const
{
    HostFabric::Segment s;
    s.lab = m_plan.labName;
    s.network = network.labNetwork;
    s.gateway = network.gateway;
    s.netmask = network.netmask;
    s.nat = network.nat;
    if (const BootPlan::Host *self = host(network.host))
        s.self = *self;
    for (const BootPlan::Network &other : m_plan.networks) {
        if (other.labNetwork == network.labNetwork && other.host != network.host) {
            if (const BootPlan::Host *peer = host(other.host))
                s.peers.append(*peer);
        }
    }
    return s;
}

bool HostNetworks::create(QStringList *made, QString *error)
{
    for (const BootPlan::Network &n : std::as_const(m_plan.networks)) {
        const HostFabric::Segment s = segment(n);
        const HostShell shell(s.self.uri);
        QString why;
        bool ok = true;
        for (const QStringList &command : HostFabric::prepareCommands(s))
            ok = ok && shell.run(command, &why);
        bool defined = false;
        if (ok) {
            Libvirt virt(s.self.uri);
            ok = virt.isOpen() ? virt.defineAndStartNetwork(LibvirtXml::network(n), &why)
                               : (why = virt.openError(), false);
            defined = ok;
        }
        // Named once libvirt made it for this run (a network of that name that was there
        // already is someone else's, and stays); its removal also takes its tunnels.
        if (defined)
            made->append(n.name);
        for (const QStringList &command : ok ? HostFabric::joinCommands(s) : QList<QStringList>())
            ok = ok && shell.run(command, &why);
        if (!ok) {
            *error = QStringLiteral("network %1 on host %2: %3").arg(n.labNetwork, n.host, why);
            QStringList problems;
            if (!defined) // what the fabric's preparation made on this host (its own names)
                removeFabric(s, &problems);
            remove(*made, &problems);
            made->clear();
            if (!problems.isEmpty())
                *error += QStringLiteral("\nremoving what was made: ") + problems.join(QStringLiteral("; "));
            return false;
        }
    }
    return true;
}

void HostNetworks::removeFabric(const HostFabric::Segment &s, QStringList *problems) const
{
    const HostShell shell(s.self.uri);
    for (const QStringList &command : HostFabric::removeCommands(s)) {
        QString why;
        QByteArray output;
        // Gone already is fine: no device, or no such rule any more.
        if (!shell.run(command, &why, &output) && !why.contains(QLatin1String("Cannot find device"))
            && !why.contains(QLatin1String("does a matching rule exist")))
            problems->append(why);
    }
}

bool HostNetworks::remove(const QStringList &names, QStringList *problems) const
{
    const qsizetype before = problems->size();
    for (auto it = m_plan.networks.crbegin(); it != m_plan.networks.crend(); ++it) {
        const BootPlan::Network &n = *it;
        if (!names.contains(n.name))
            continue;
        const HostFabric::Segment s = segment(n);
        removeFabric(s, problems);
        Libvirt virt(s.self.uri);
        QString why;
        if (!virt.isOpen())
            problems->append(virt.openError());
        else if (!virt.destroyNetwork(n.name, &why))
            problems->append(why);
    }
    return problems->size() == before;
}

} // namespace Labforge
