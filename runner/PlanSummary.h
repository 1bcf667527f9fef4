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
    // A run may take at most this share of the host's memory (QEMU and the host need the rest).
    static constexpr double HostMemoryShare = 0.85;
    static bool fitsHostMemory(const BootPlan &plan);
    // The largest memory scale (at most 1, in steps of 0.05, at least 0.05) whose plan fits.
    static double largestFittingScale(const Lab &lab);
};

} // namespace Labforge
