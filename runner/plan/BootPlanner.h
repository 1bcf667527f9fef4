// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "BootPlan.h"
#include "ImageBuilder.h"

#include <QMap>

namespace Labforge {

struct Lab;

// Turns a lab and its built images into a BootPlan: names, MACs, bridges, memory
// (min_memory_gb scaled by memoryScale, never under 512 MiB), disks with their
// exact serials, the per-run seed disk, console logs. Pure: no side effects.
class BootPlanner
{
public:
    struct Options
    {
        QString uri = QStringLiteral("qemu:///system");
        BootPlan::Accel accel = BootPlan::Accel::Auto;
        double memoryScale = 1.0;
        bool isolated = false;
        QString runDirectory;
    };
    static BootPlan plan(const Lab &lab, const QMap<QString, ImageBuilder::NodeImage> &images, const Options &options);
    // After placement (every domain has its host, plan.hosts is the lab's): each lab network
    // becomes one libvirt network per host with a node on it (HostFabric names its bridge),
    // the gateway and NAT on the gateway host only, and the domains' interfaces point at
    // their host's network. The gateway host is the first local host, else the first host,
    // and carries every network: it is where labforge reaches the guests from.
    static void spreadOverHosts(BootPlan &plan);
    static QString gatewayHost(const BootPlan &plan);
    static QString bridgeName(const QString &lab, const QString &network);
    static QString macAddress(const QString &lab, const QString &node, int index);
};

} // namespace Labforge
