#include "HostCapacity.h"

#include "BootPlan.h"
#include "BootPlanner.h"

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
    BootPlanner::Options o;
    for (int twentieths = 20; twentieths > 1; --twentieths) {
        o.memoryScale = twentieths / 20.0;
        if (fitsMemory(BootPlanner::plan(lab, {}, o)))
            return o.memoryScale;
    }
    return 0.05;
}

} // namespace Labforge
