// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "HostCapacity.h"

#include "BootPlan.h"
#include "BootPlanner.h"
#include "Lab.h"

#include <QFile>

namespace Labforge {

qint64 HostCapacity::memoryMiB()
{
    QFile meminfo(QStringLiteral("/proc/meminfo"));
    if (!meminfo.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &line : meminfo.readAll().split('\n')) {
        if (line.startsWith("MemTotal:"))
            return line.simplified().split(' ').value(1).toLongLong() / 1024;
    }
    return 0;
}

bool HostCapacity::fitsMemory(const BootPlan &plan)
{
    return plan.totalMemoryMiB() <= memoryMiB() * MemoryShare;
}

double HostCapacity::largestFittingScale(const Lab &lab)
{
    // A lab with hosts is placed on them when the run starts: this host's memory says nothing.
    if (!lab.hosts.isEmpty())
        return 1.0;
    BootPlanner::Options o;
    for (int twentieths = 20; twentieths > 1; --twentieths) {
        o.memoryScale = twentieths / 20.0;
        if (fitsMemory(BootPlanner::plan(lab, {}, o)))
            return o.memoryScale;
    }
    return 0.05;
}

} // namespace Labforge
