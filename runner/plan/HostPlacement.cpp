// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "HostPlacement.h"

#include "BootPlan.h"
#include "HostCapacity.h"
#include "Lab.h"

#include <algorithm>

namespace Labforge {

namespace {

QString gib(qint64 mib)
{
    return QString::number(double(mib) / 1024.0, 'f', 1) + QStringLiteral(" GiB");
}

} // namespace

qint64 HostPlacement::Capacity::usableMiB() const
{
    if (!error.isEmpty())
        return 0;
    qint64 usable = qint64(double(memoryMiB) * HostCapacity::MemoryShare) - runningDomainsMiB;
    usable = std::min(usable, availableMiB);
    if (maxMemoryGb > 0)
        usable = std::min(usable, qint64(maxMemoryGb) * 1024);
    return std::max<qint64>(usable, 0);
}

HostPlacement::Capacity HostPlacement::capacity(const LabHost &host, const QString &error, qint64 memoryMiB, int cpus,
                                                qint64 availableMiB, qint64 runningDomainsMiB)
{
    Capacity c;
    c.host = host.name;
    c.error = error;
    c.memoryMiB = memoryMiB;
    c.cpus = cpus;
    c.availableMiB = availableMiB;
    c.runningDomainsMiB = runningDomainsMiB;
    c.maxMemoryGb = host.maxMemoryGb;
    c.maxVcpus = host.maxVcpus;
    return c;
}

HostPlacement::Result HostPlacement::place(const Lab &lab, const BootPlan &plan, const QList<Capacity> &capacities)
{
    Result r;
    QMap<QString, int> loadOf;
    for (const Capacity &c : capacities) {
        loadOf.insert(c.host, int(r.loads.size()));
        r.loads.append(Load {c.host, {}, 0, 0, c.usableMiB()});
    }
    QStringList problems;
    const auto fits = [&](const Capacity &c, const Load &load, const BootPlan::Domain &d) {
        return c.error.isEmpty() && load.memoryMiB + d.memoryMiB <= load.usableMiB && d.vcpus <= c.cpus
            && (c.maxVcpus <= 0 || load.vcpus + d.vcpus <= c.maxVcpus);
    };
    const auto assign = [&](const BootPlan::Domain &d, int index) {
        Load &load = r.loads[index];
        load.nodes.append(d.node);
        load.memoryMiB += d.memoryMiB;
        load.vcpus += d.vcpus;
        r.hostOfNode.insert(d.node, load.host);
    };

    // Placed by the lab file: kept, and checked like the rest.
    QList<const BootPlan::Domain *> free;
    for (const BootPlan::Domain &d : plan.domains) {
        const Node *node = lab.node(d.node);
        const QString wanted = node ? node->placementHost : QString();
        if (wanted.isEmpty()) {
            free.append(&d);
            continue;
        }
        const int index = loadOf.value(wanted, -1);
        if (index < 0) {
            problems.append(
                QStringLiteral("node %1 is placed on host %2, which the lab does not have").arg(d.node, wanted));
            continue;
        }
        const Capacity &c = capacities.at(index);
        if (!c.error.isEmpty())
            problems.append(
                QStringLiteral("node %1 is placed on host %2, which cannot be asked: %3").arg(d.node, wanted, c.error));
        else if (d.vcpus > c.cpus)
            problems.append(QStringLiteral("node %1 wants %2 vCPU(s); host %3 has %4 CPU(s)")
                                .arg(d.node)
                                .arg(d.vcpus)
                                .arg(wanted)
                                .arg(c.cpus));
        assign(d, index);
    }
    for (int i = 0; i < r.loads.size(); ++i) {
        const Load &load = r.loads.at(i);
        const Capacity &c = capacities.at(i);
        if (load.memoryMiB > load.usableMiB)
            problems.append(
                QStringLiteral("host %1 is given %2 of guest memory (%3) but can give %4")
                    .arg(load.host, gib(load.memoryMiB), load.nodes.join(QStringLiteral(", ")), gib(load.usableMiB)));
        if (c.maxVcpus > 0 && load.vcpus > c.maxVcpus)
            problems.append(QStringLiteral("host %1 is given %2 vCPU(s) (%3), over its limit of %4")
                                .arg(load.host)
                                .arg(load.vcpus)
                                .arg(load.nodes.join(QStringLiteral(", ")))
                                .arg(c.maxVcpus));
    }

    // The rest: largest first, each onto the host with the most memory left that takes it.
    std::stable_sort(free.begin(), free.end(),
                     [](const BootPlan::Domain *a, const BootPlan::Domain *b) { return a->memoryMiB > b->memoryMiB; });
    for (const BootPlan::Domain *d : std::as_const(free)) {
        int best = -1;
        for (int i = 0; i < r.loads.size(); ++i) {
            if (!fits(capacities.at(i), r.loads.at(i), *d))
                continue;
            const qint64 left = r.loads.at(i).usableMiB - r.loads.at(i).memoryMiB;
            if (best < 0 || left > r.loads.at(best).usableMiB - r.loads.at(best).memoryMiB)
                best = i;
        }
        if (best >= 0) {
            assign(*d, best);
            continue;
        }
        QStringList left;
        for (int i = 0; i < r.loads.size(); ++i) {
            const Capacity &c = capacities.at(i);
            left.append(c.error.isEmpty() ? QStringLiteral("%1 %2 left, %3 CPU(s)")
                                                .arg(c.host, gib(r.loads.at(i).usableMiB - r.loads.at(i).memoryMiB))
                                                .arg(c.cpus)
                                          : QStringLiteral("%1 unreachable").arg(c.host));
        }
        problems.append(QStringLiteral("node %1 needs %2 and %3 vCPU(s); no host can take it (%4)")
                            .arg(d->node, gib(d->memoryMiB))
                            .arg(d->vcpus)
                            .arg(left.join(QStringLiteral("; "))));
    }
    r.ok = problems.isEmpty();
    r.error = problems.join(QLatin1Char('\n'));
    return r;
}

QStringList HostPlacement::describe(const Result &result, const QList<Capacity> &capacities)
{
    QStringList lines;
    for (int i = 0; i < result.loads.size() && i < capacities.size(); ++i) {
        const Load &load = result.loads.at(i);
        const Capacity &c = capacities.at(i);
        if (!c.error.isEmpty()) {
            lines.append(QStringLiteral("%1: unreachable (%2)").arg(c.host, c.error));
            continue;
        }
        lines.append(QStringLiteral("%1: %2 — %3 guest RAM, %4 vCPU(s); the host can give %5 (%6 RAM, %7 available, "
                                    "%8 held by running domains%9), %10 CPU(s)")
                         .arg(c.host,
                              load.nodes.isEmpty() ? QStringLiteral("no nodes") : load.nodes.join(QStringLiteral(", ")),
                              gib(load.memoryMiB))
                         .arg(load.vcpus)
                         .arg(gib(load.usableMiB), gib(c.memoryMiB), gib(c.availableMiB), gib(c.runningDomainsMiB),
                              c.maxMemoryGb > 0 ? QStringLiteral(", limit %1 GiB").arg(c.maxMemoryGb) : QString())
                         .arg(c.cpus));
    }
    return lines;
}

} // namespace Labforge
