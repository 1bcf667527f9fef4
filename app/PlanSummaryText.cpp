// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "PlanSummaryText.h"
#include "BundleGenerator.h"
#include "PinnedArtifact.h"
#include "PinsLock.h"

#include "BootPlan.h"
#include "HostCapacity.h"
#include "Lab.h"

#include <QThread>

namespace Labforge {

QString PlanSummaryText::text(const Lab &lab, const BootPlan &plan, const QString &memoryHint)
{
    QString text = tr("Lab %1 will take:").arg(lab.name) + QLatin1Char('\n');
    text += QStringLiteral("  ")
        + tr("%1 VM(s): %2 MiB guest RAM (memory scale %3 of the recipes' minimums), %4 vCPU(s)")
              .arg(plan.domains.size())
              .arg(plan.totalMemoryMiB())
              .arg(plan.memoryScale)
              .arg(plan.totalVcpus())
        + QLatin1Char('\n');
    int dataDisks = 0;
    for (const BootPlan::Domain &d : plan.domains) {
        for (const BootPlan::Disk &disk : d.disks)
            dataDisks += disk.kind == BootPlan::Disk::Kind::Data ? 1 : 0;
    }
    text += QStringLiteral("  ")
        + tr("%1 system disk(s) (copy-on-write over the cached images), %2 data disk(s) of %3 GiB (sparse)")
              .arg(plan.domains.size())
              .arg(dataDisks)
              .arg(plan.totalDataDiskBytes() / (qint64(1024) * 1024 * 1024))
        + QLatin1Char('\n');
    for (const BootPlan::Network &n : plan.networks)
        text += QStringLiteral("  ")
            + tr("network %1 (bridge %2, %3)")
                  .arg(n.name, n.bridge, n.nat ? tr("NAT to the host's uplink") : tr("isolated"))
            + QLatin1Char('\n');
    if (!plan.placement.isEmpty()) {
        text += tr("Placement on the lab's hosts:") + QLatin1Char('\n');
        for (const QString &line : plan.placement)
            text += QStringLiteral("  ") + line + QLatin1Char('\n');
    }
    text += tr("This host has %1 MiB of RAM and %2 CPU(s); libvirt at %3.")
                .arg(HostCapacity::memoryMiB())
                .arg(QThread::idealThreadCount())
                .arg(plan.uri)
        + QLatin1Char('\n');
    if (!lab.hosts.isEmpty() && plan.placement.isEmpty())
        text += tr("The nodes are placed on the lab's %n host(s) when the run starts: each host is asked what it "
                   "has, and a lab that does not fit is refused before anything is allocated.",
                   nullptr, int(lab.hosts.size()))
            + QLatin1Char('\n');
    if (lab.hosts.isEmpty() && !HostCapacity::fitsMemory(plan))
        text += tr("The guests would take more than %1% of this host's memory: lower %2.")
                    .arg(int(HostCapacity::MemoryShare * 100))
                    .arg(memoryHint)
            + QLatin1Char('\n');
    if (!lab.warnings.isEmpty()) {
        text += tr("Warnings of this lab (quoted from the lab file, whose features need them word for word):")
            + QLatin1Char('\n');
        for (const LabWarning &w : lab.warnings)
            text += QStringLiteral("  - %1\n").arg(w.text);
    }
    return text;
}

QStringList PlanSummaryText::artifacts(const Lab &lab, const PinsLock &pins, bool unpinned)
{
    QStringList names;
    for (const Bundle::NodeImage &n : BundleGenerator::generate(lab, pins).nodes) {
        for (const PinnedArtifact &a : n.output.artifacts + n.output.images) {
            const QString name = a.component + QLatin1Char('/') + a.name;
            const bool wanted = unpinned ? a.sha256.isEmpty() : a.provenance == PinnedArtifact::Provenance::FirstPull;
            if (wanted && !names.contains(name))
                names.append(name);
        }
    }
    return names;
}

QString PlanSummaryText::pinNotes(const Lab &lab, const PinsLock &pins)
{
    const QStringList firstPull = artifacts(lab, pins, false);
    const QStringList unpinned = artifacts(lab, pins, true);
    QString notes;
    if (!firstPull.isEmpty())
        notes += QLatin1Char('\n')
            + tr("FIRST PULL: upstream publishes no digest for %1; the lock trusts the first download.")
                  .arg(firstPull.join(QStringLiteral(", ")));
    if (!unpinned.isEmpty())
        notes += QLatin1Char('\n')
            + tr("No digest in the pins lock for %1: the image build refuses them until `labforge pins lock` pins "
                 "them.")
                  .arg(unpinned.join(QStringLiteral(", ")));
    return notes;
}

} // namespace Labforge
