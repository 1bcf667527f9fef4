// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QtGlobal>

namespace Labforge {

struct BootPlan;
struct Lab;

// What this host can give a run: its memory, and whether a plan fits in the share a run
// may take. The CLI and the designer put it in words (app/PlanSummaryText).
class HostCapacity
{
public:
    static qint64 memoryMiB();
    // A run may take at most this share of the host's memory (QEMU and the host need the rest).
    static constexpr double MemoryShare = 0.85;
    static bool fitsMemory(const BootPlan &plan);
    // The largest memory scale (at most 1, in steps of 0.05, at least 0.05) whose plan fits;
    // 1 for a lab with hosts (HostPlacement checks each host when the run starts).
    static double largestFittingScale(const Lab &lab);
};

} // namespace Labforge
