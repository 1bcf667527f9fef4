// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "LibvirtLabActions.h"

#include "Libvirt.h"
#include "LinkControl.h"
#include "RunInventory.h"
#include "Transport.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QThread>

namespace Labforge {

namespace {

const QString BootIdScript = QStringLiteral("set -euo pipefail\ncat /proc/sys/kernel/random/boot_id\n");

void sleepUnlessCancelled(int ms, const CancelToken &cancel)
{
    for (int slept = 0; slept < ms && !cancel.isCancelled(); slept += 100)
        QThread::msleep(100);
}

QString seconds(qint64 ms)
{
    return QString::number(ms / 1000.0, 'f', 1);
}

} // namespace

LibvirtLabActions::LibvirtLabActions(QString runDirectory, Transport &transport)
    : m_runDirectory(std::move(runDirectory))
    , m_transport(transport)
{ }

LabActions::Result
LibvirtLabActions::onDomain(const QString &node,
                            const std::function<Result(Libvirt &, RunInventory &, const QString &)> &act)
{
    Result result;
    RunInventory inventory(m_runDirectory);
    QString error;
    if (!inventory.load(&error)) {
        result.message = QStringLiteral("no run of this lab to act on: %1").arg(error);
        return result;
    }
    const RunInventory::Domain *domain = inventory.domainOf(node);
    if (!domain) {
        result.message = QStringLiteral("the run has no VM for node %1").arg(node);
        return result;
    }
    const QString name = domain->name;
    Libvirt virt(inventory.uriOf(name));
    if (!virt.isOpen()) {
        result.message = virt.openError();
        return result;
    }
    const Libvirt::Owner owner = virt.domainOwner(name);
    if (owner.run != inventory.runId || owner.node != node) {
        result.message = QStringLiteral("domain %1 is not this run's VM for node %2; not touching it").arg(name, node);
        return result;
    }
    return act(virt, inventory, name);
}

QString LibvirtLabActions::bootId(const QString &node, const CancelToken &cancel, QString *error)
{
    const Transport::Result r = m_transport.run(node, BootIdScript, 60000, cancel);
    QString id = QString::fromUtf8(r.stdoutData).trimmed();
    if (r.exitCode != 0 || id.isEmpty()) {
        *error = r.error.isEmpty() ? QStringLiteral("exit status %1").arg(r.exitCode) : r.error;
        return {};
    }
    return id;
}

LabActions::Result LibvirtLabActions::waitForBoot(const QString &node, const QString &before, bool sameIdFails,
                                                  int timeoutMs, const CancelToken &cancel, const QString &done)
{
    Result result;
    QElapsedTimer clock;
    clock.start();
    QString lastError;
    while (clock.elapsed() < timeoutMs && !cancel.isCancelled()) {
        const QString after = bootId(node, cancel, &lastError);
        if (!after.isEmpty() && after != before) {
            result.output += QStringLiteral("boot id after: %1\n").arg(after);
            result.ok = true;
            result.message =
                QStringLiteral("%1; SSH answered %2 s later (new boot id)").arg(done, seconds(clock.elapsed()));
            return result;
        }
        if (!after.isEmpty() && sameIdFails) {
            result.output += QStringLiteral("boot id after: %1\n").arg(after);
            result.message =
                QStringLiteral("%1, but node %2 answers with the same boot id: it did not restart").arg(done, node);
            return result;
        }
        if (!after.isEmpty())
            lastError = QStringLiteral("it still answers with the boot id from before");
        m_transport.forget(node);
        sleepUnlessCancelled(2000, cancel);
    }
    result.message = cancel.isCancelled()
        ? QStringLiteral("cancelled while waiting for %1 to come back").arg(node)
        : QStringLiteral("%1, but node %2 did not answer over SSH within %3 s (last: %4)")
              .arg(done, node)
              .arg(timeoutMs / 1000)
              .arg(lastError);
    return result;
}

LabActions::Result LibvirtLabActions::powerCycle(const QString &node, int timeoutMs, const CancelToken &cancel)
{
    return onDomain(node, [&](Libvirt &virt, RunInventory &inventory, const QString &domain) {
        Result result;
        QElapsedTimer clock;
        clock.start();
        QString error;
        const QString before = bootId(node, cancel, &error);
        if (before.isEmpty()) {
            result.message = QStringLiteral("node %1 did not answer before the power-off: %2").arg(node, error);
            return result;
        }
        if (!virt.stopDomain(domain, &error)) {
            result.message = QStringLiteral("power-off of %1 failed: %2").arg(domain, error);
            return result;
        }
        const qint64 offAt = clock.elapsed();
        m_transport.forget(node);
        if (!virt.startDomain(domain, &error)) {
            result.message = QStringLiteral("%1 was powered off but did not start again: %2").arg(domain, error);
            return result;
        }
        inventory.domainOf(node)->started = QDateTime::currentDateTimeUtc();
        inventory.save(&error);
        const qint64 startedAt = clock.elapsed();
        Result waited = waitForBoot(node, before, true, int(std::max<qint64>(0, timeoutMs - startedAt)), cancel,
                                    QStringLiteral("powered off and on"));
        waited.output = QStringLiteral("boot id before: %1\npowered off at %2 s, started at %3 s\n")
                            .arg(before, seconds(offAt), seconds(startedAt))
            + waited.output;
        return waited;
    });
}

LabActions::Result LibvirtLabActions::stop(const QString &node, bool force, int timeoutMs, const CancelToken &cancel)
{
    return onDomain(node, [&](Libvirt &virt, RunInventory &, const QString &domain) {
        Result result;
        QString error;
        if (virt.domainState(domain) == QLatin1String("shut off")) {
            result.ok = true;
            result.message = QStringLiteral("node %1 was already stopped").arg(node);
            return result;
        }
        m_transport.forget(node);
        QElapsedTimer clock;
        clock.start();
        if (!force) {
            if (!virt.shutdownDomain(domain, &error)) {
                result.message = error;
                return result;
            }
            while (clock.elapsed() < timeoutMs && !cancel.isCancelled()
                   && virt.domainState(domain) != QLatin1String("shut off"))
                QThread::msleep(200);
            if (virt.domainState(domain) == QLatin1String("shut off")) {
                result.ok = true;
                result.message =
                    QStringLiteral("node %1 powered itself off in %2 s").arg(node, seconds(clock.elapsed()));
                return result;
            }
            if (cancel.isCancelled()) {
                result.message = QStringLiteral("cancelled while node %1 was powering off").arg(node);
                return result;
            }
        }
        if (!virt.stopDomain(domain, &error)) {
            result.message = error;
            return result;
        }
        result.ok = true;
        result.message = force ? QStringLiteral("node %1 powered off").arg(node)
                               : QStringLiteral("node %1 did not power itself off within %2 s: powered off")
                                     .arg(node)
                                     .arg(timeoutMs / 1000);
        return result;
    });
}

LabActions::Result LibvirtLabActions::start(const QString &node, int timeoutMs, const CancelToken &cancel)
{
    return onDomain(node, [&](Libvirt &virt, RunInventory &inventory, const QString &domain) {
        Result result;
        QString error;
        const QString state = virt.domainState(domain);
        if (state != QLatin1String("shut off") && state != QLatin1String("crashed")) {
            result.message = QStringLiteral("node %1 is %2, not stopped: nothing to start").arg(node, state);
            result.ok = state == QLatin1String("running");
            return result;
        }
        m_transport.forget(node);
        if (!virt.startDomain(domain, &error)) {
            result.message = error;
            return result;
        }
        inventory.domainOf(node)->started = QDateTime::currentDateTimeUtc();
        inventory.save(&error);
        if (timeoutMs <= 0) {
            result.ok = true;
            result.message = QStringLiteral("node %1 started (not waiting for SSH)").arg(node);
            return result;
        }
        return waitForBoot(node, {}, false, timeoutMs, cancel, QStringLiteral("node %1 started").arg(node));
    });
}

LabActions::Result LibvirtLabActions::restart(const QString &node, int timeoutMs, const CancelToken &cancel)
{
    return onDomain(node, [&](Libvirt &virt, RunInventory &inventory, const QString &domain) {
        Result result;
        QString error;
        const QString before = bootId(node, cancel, &error);
        if (before.isEmpty()) {
            result.message =
                QStringLiteral("node %1 does not answer over SSH (%2): use `node power-cycle`").arg(node, error);
            return result;
        }
        if (!virt.rebootDomain(domain, &error)) {
            result.message = error;
            return result;
        }
        m_transport.forget(node);
        inventory.domainOf(node)->started = QDateTime::currentDateTimeUtc();
        inventory.save(&error);
        Result waited =
            waitForBoot(node, before, false, timeoutMs, cancel, QStringLiteral("node %1 rebooted").arg(node));
        waited.output = QStringLiteral("boot id before: %1\n").arg(before) + waited.output;
        return waited;
    });
}

LabActions::Result LibvirtLabActions::link(Assertion::Type action, const QString &node, const Assertion::Link &link)
{
    LinkControl links(m_runDirectory);
    QString error;
    Result r;
    const LinkControl::Impairment impairment {link.delayMs, link.jitterMs, link.lossPercent, link.rateMbit};
    QString done;
    if (action == Assertion::Type::LinkDown) {
        r.ok = links.cut(node, link.peer, link.network, &error);
        done = QStringLiteral("cut the link between %1 and %2");
    } else if (action == Assertion::Type::LinkUp) {
        r.ok = links.restore(node, link.peer, link.network, &error);
        done = QStringLiteral("restored the link between %1 and %2");
    } else if (action == Assertion::Type::Impair) {
        r.ok = links.impair(node, link.peer, link.network, impairment, &error);
        done = QStringLiteral("impaired what %1 sends to %2: ") + impairment.text();
    } else {
        error = QStringLiteral("not a link action");
    }
    r.message = r.ok ? done.arg(node, link.peer) : error;
    r.output = QString::fromUtf8(QJsonDocument(links.inForce()).toJson(QJsonDocument::Compact));
    return r;
}

} // namespace Labforge
