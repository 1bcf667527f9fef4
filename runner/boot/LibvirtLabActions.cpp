// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "LibvirtLabActions.h"

#include "Libvirt.h"
#include "RunInventory.h"
#include "Transport.h"

#include <QElapsedTimer>
#include <QThread>

namespace Labforge {

namespace {

const QString BootIdScript = QStringLiteral("set -euo pipefail\ncat /proc/sys/kernel/random/boot_id\n");

} // namespace

LibvirtLabActions::LibvirtLabActions(QString runDirectory, Transport &transport)
    : m_runDirectory(std::move(runDirectory))
    , m_transport(transport)
{ }

LabActions::Result LibvirtLabActions::powerCycle(const QString &node, int timeoutMs, const CancelToken &cancel)
{
    Result result;
    QElapsedTimer clock;
    clock.start();
    RunInventory inventory(m_runDirectory);
    QString error;
    if (!inventory.load(&error)) {
        result.message = QStringLiteral("no run of this lab to act on: %1").arg(error);
        return result;
    }
    const auto domain = std::find_if(inventory.domains.cbegin(), inventory.domains.cend(),
                                     [&](const RunInventory::Domain &d) { return d.node == node; });
    if (domain == inventory.domains.cend()) {
        result.message = QStringLiteral("the run has no VM for node %1").arg(node);
        return result;
    }
    Libvirt virt(inventory.uri);
    if (!virt.isOpen()) {
        result.message = virt.openError();
        return result;
    }
    const Libvirt::Owner owner = virt.domainOwner(domain->name);
    if (owner.run != inventory.runId || owner.node != node) {
        result.message =
            QStringLiteral("domain %1 is not this run's VM for node %2; not touching it").arg(domain->name, node);
        return result;
    }
    const Transport::Result before = m_transport.run(node, BootIdScript, 60000, cancel);
    const QString bootBefore = QString::fromUtf8(before.stdoutData).trimmed();
    if (before.exitCode != 0 || bootBefore.isEmpty()) {
        result.message = QStringLiteral("node %1 did not answer before the power-off: %2").arg(node, before.error);
        return result;
    }
    result.output += QStringLiteral("boot id before: %1\n").arg(bootBefore);
    if (!virt.stopDomain(domain->name, &error)) {
        result.message = QStringLiteral("power-off of %1 failed: %2").arg(domain->name, error);
        return result;
    }
    const qint64 offAt = clock.elapsed();
    m_transport.forget(node);
    if (!virt.startDomain(domain->name, &error)) {
        result.message = QStringLiteral("%1 was powered off but did not start again: %2").arg(domain->name, error);
        return result;
    }
    const qint64 startedAt = clock.elapsed();
    result.output += QStringLiteral("powered off at %1 s, started at %2 s\n")
                         .arg(offAt / 1000.0, 0, 'f', 1)
                         .arg(startedAt / 1000.0, 0, 'f', 1);
    QString lastError;
    while (clock.elapsed() < timeoutMs && !cancel.isCancelled()) {
        const int left = int(timeoutMs - clock.elapsed());
        const Transport::Result after = m_transport.run(node, BootIdScript, std::min(left, 60000), cancel);
        const QString bootAfter = QString::fromUtf8(after.stdoutData).trimmed();
        if (after.exitCode == 0 && !bootAfter.isEmpty()) {
            result.output += QStringLiteral("boot id after: %1\n").arg(bootAfter);
            if (bootAfter == bootBefore) {
                result.message =
                    QStringLiteral("node %1 answers with the same boot id: it was not powered off").arg(node);
                return result;
            }
            result.ok = true;
            result.message = QStringLiteral("powered off and on; SSH answered %1 s after the start (new boot id)")
                                 .arg((clock.elapsed() - startedAt) / 1000.0, 0, 'f', 1);
            return result;
        }
        lastError = after.error.isEmpty() ? QStringLiteral("exit status %1").arg(after.exitCode) : after.error;
        m_transport.forget(node);
        for (int slept = 0; slept < 5000 && !cancel.isCancelled(); slept += 100)
            QThread::msleep(100);
    }
    result.message = cancel.isCancelled()
        ? QStringLiteral("cancelled while waiting for %1 to come back").arg(node)
        : QStringLiteral("node %1 did not answer over SSH within %2 s of its power-off (last: %3)")
              .arg(node)
              .arg(timeoutMs / 1000)
              .arg(lastError);
    return result;
}

} // namespace Labforge
