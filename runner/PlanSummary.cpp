#include "PlanSummary.h"

#include "BootPlan.h"
#include "BootPlanner.h"
#include "Lab.h"

#include <QFile>
#include <QThread>

namespace Labforge {

qint64 PlanSummary::hostMemoryMiB()
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

bool PlanSummary::fitsHostMemory(const BootPlan &plan)
{
    return plan.totalMemoryMiB() <= hostMemoryMiB() * HostMemoryShare;
}

double PlanSummary::largestFittingScale(const Lab &lab)
{
    BootPlanner::Options o;
    for (int twentieths = 20; twentieths > 1; --twentieths) {
        o.memoryScale = twentieths / 20.0;
        if (fitsHostMemory(BootPlanner::plan(lab, {}, o)))
            return o.memoryScale;
    }
    return 0.05;
}

QString PlanSummary::text(const Lab &lab, const BootPlan &plan)
{
    QString text = QStringLiteral("Lab %1 will take:\n").arg(lab.name);
    text += QStringLiteral("  %1 VM(s): %2 MiB guest RAM (memory scale %3 of the recipes' minimums), %4 vCPU(s)\n")
                .arg(plan.domains.size())
                .arg(plan.totalMemoryMiB())
                .arg(plan.memoryScale)
                .arg(plan.totalVcpus());
    int dataDisks = 0;
    for (const BootPlan::Domain &d : plan.domains) {
        for (const BootPlan::Disk &disk : d.disks)
            dataDisks += disk.kind == BootPlan::Disk::Kind::Data ? 1 : 0;
    }
    text += QStringLiteral(
                "  %1 system disk(s) (copy-on-write over the cached images), %2 data disk(s) of %3 GiB (sparse)\n")
                .arg(plan.domains.size())
                .arg(dataDisks)
                .arg(plan.totalDataDiskBytes() / (qint64(1024) * 1024 * 1024));
    for (const BootPlan::Network &n : plan.networks)
        text +=
            QStringLiteral("  network %1 (bridge %2, %3)\n")
                .arg(n.name, n.bridge, n.nat ? QStringLiteral("NAT to the host's uplink") : QStringLiteral("isolated"));
    text += QStringLiteral("This host has %1 MiB of RAM and %2 CPU(s); libvirt at %3.\n")
                .arg(hostMemoryMiB())
                .arg(QThread::idealThreadCount())
                .arg(plan.uri);
    if (!fitsHostMemory(plan))
        text += QStringLiteral("The guests would take more than 85% of this host's memory: lower --memory-scale.\n");
    if (!lab.warnings.isEmpty()) {
        text += QStringLiteral("Warnings of this lab:\n");
        for (const LabWarning &w : lab.warnings)
            text += QStringLiteral("  - %1\n").arg(w.text);
    }
    return text;
}

} // namespace Labforge
