// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "BootPlan.h"
#include "HostFabric.h"

#include <QStringList>

namespace Labforge {

// The networks of a plan spread over several hosts (BootPlanner::spreadOverHosts): on
// each host, the fabric's preparation, the libvirt network through that host's URI, and
// the tunnel endpoints to the other hosts with the same lab network. What is made is
// named as it is made; a failure on any host removes everything made on every host.
class HostNetworks
{
public:
    explicit HostNetworks(const BootPlan &plan);

    // The segment of `network` (one of the plan's): its host and that lab network's peers.
    HostFabric::Segment segment(const BootPlan::Network &network) const;
    // `made` gets each network's name once it exists on its host.
    bool create(QStringList *made, QString *error);
    // Removes the named networks with their tunnels; what is already gone is fine.
    // Problems are named, and the rest is still removed.
    bool remove(const QStringList &names, QStringList *problems) const;

private:
    const BootPlan::Host *host(const QString &name) const;
    // The segment's bridge (Open vSwitch) and tunnels on its host; what is gone already is fine.
    void removeFabric(const HostFabric::Segment &s, QStringList *problems) const;
    BootPlan m_plan;
};

} // namespace Labforge
