#pragma once

#include <QString>

namespace Labforge {

struct BootPlan;
struct Lab;

// What a run will take (guest RAM, vCPUs, disks, networks), the lab's warnings in
// full, and what this host has: shown before anything is allocated (CLI and GUI).
class PlanSummary
{
public:
    static QString text(const Lab &lab, const BootPlan &plan);
    static qint64 hostMemoryMiB();
};

} // namespace Labforge
