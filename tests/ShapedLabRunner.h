// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "LabRunner.h"

#include <functional>

namespace Labforge {

// A LabRunner whose plan and data disks a system test or benchmark shapes before
// anything boots: a part of the lab (some nodes), another disk layout, a disk that
// already holds data. Everything else is the real runner.
class ShapedLabRunner : public LabRunner
{
public:
    using LabRunner::LabRunner;

    std::function<void(BootPlan &)> shapePlan;
    std::function<bool(const BootPlan::Disk &, QString *error)> prepareDisk;
    // What the hosts can give, instead of asking them (libvirt's test driver says 3 MiB free).
    std::function<QList<HostPlacement::Capacity>(const QList<LabHost> &)> hostCapacities;

protected:
    void planned(BootPlan &plan) override
    {
        if (shapePlan)
            shapePlan(plan);
    }
    QList<HostPlacement::Capacity> probeHosts(const QList<LabHost> &hosts) const override
    {
        return hostCapacities ? hostCapacities(hosts) : LabRunner::probeHosts(hosts);
    }
    bool dataDiskCreated(const BootPlan::Domain &domain, const BootPlan::Disk &disk, QString *error) override
    {
        Q_UNUSED(domain);
        return !prepareDisk || prepareDisk(disk, error);
    }
};

} // namespace Labforge
