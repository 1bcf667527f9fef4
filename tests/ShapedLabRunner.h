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

protected:
    void planned(BootPlan &plan) override
    {
        if (shapePlan)
            shapePlan(plan);
    }
    bool dataDiskCreated(const BootPlan::Domain &domain, const BootPlan::Disk &disk, QString *error) override
    {
        Q_UNUSED(domain);
        return !prepareDisk || prepareDisk(disk, error);
    }
};

} // namespace Labforge
