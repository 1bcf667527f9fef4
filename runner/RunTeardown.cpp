// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "RunTeardown.h"

#include "HostRun.h"
#include "Libvirt.h"
#include "RunInventory.h"
#include "RunLock.h"
#include "RunnerPaths.h"

#include <QDir>
#include <QFile>
#include <QJsonObject>

namespace Labforge {

bool RunTeardown::down(const QString &labName, const QString &uri, const EventSink &events, QString *error,
                       QStringList *removed)
{
    auto say = [&](const QString &m) {
        if (events) {
            RunEvent e;
            e.stage = QStringLiteral("teardown");
            e.message = m;
            events(e);
        }
    };
    const QString runDir = RunnerPaths::run(labName, error);
    if (runDir.isEmpty())
        return false;
    RunLock lock(labName);
    if (!lock.acquire(error)) {
        *error += QStringLiteral("; `down` waits for the run to end (or cancel it)");
        return false;
    }
    RunInventory inventory(runDir);
    QString why;
    const bool recorded = inventory.load(&why);
    Libvirt virt(uri.isEmpty() ? (inventory.uri.isEmpty() ? QStringLiteral("qemu:///system") : inventory.uri) : uri);
    if (!virt.isOpen()) {
        *error = virt.openError();
        return false;
    }
    QStringList domains = inventory.domainNames();
    if (!recorded) {
        // No inventory (a run from before it existed, or one removed by hand): the domains whose
        // labforge metadata names exactly this lab. Networks are only ever removed by inventory.
        const auto owned = virt.domainsOfLab(labName, error);
        if (!owned)
            return false;
        domains = *owned;
        say(QStringLiteral("%1; removing the domains whose labforge metadata names lab %2").arg(why, labName));
    }
    bool ok = true;
    auto failed = [&](const QString &message) {
        ok = false;
        *error = error->isEmpty() ? message : *error + QLatin1Char('\n') + message;
    };
    error->clear();
    // A run across hosts: its domains, networks and volumes, each on the host it was made on.
    const QJsonObject hosts = inventory.plan.value(QStringLiteral("hosts")).toObject();
    if (recorded && !hosts.isEmpty()) {
        QStringList problems;
        QStringList gone;
        HostRun::remove(labName, inventory.runId, hosts, domains, inventory.networks, &problems, &gone);
        for (const QString &g : std::as_const(gone))
            say(QStringLiteral("removed %1").arg(g));
        if (removed)
            *removed += gone;
        for (const QString &p : std::as_const(problems))
            failed(p);
        domains.clear();
        inventory.networks.clear();
    }
    for (const QString &d : std::as_const(domains)) {
        if (!virt.hasDomain(d))
            continue;
        const Libvirt::Owner owner = virt.domainOwner(d);
        if (owner.lab != labName || (!inventory.runId.isEmpty() && owner.run != inventory.runId)) {
            say(QStringLiteral("left domain %1 alone: its metadata names %2, not this lab's run")
                    .arg(d,
                         owner.lab.isEmpty() ? QStringLiteral("no labforge lab") : QStringLiteral("lab ") + owner.lab));
            continue;
        }
        if (QString e; virt.destroyDomain(d, &e)) {
            say(QStringLiteral("removed domain %1").arg(d));
            if (removed)
                removed->append(d);
        } else {
            failed(e);
        }
    }
    for (const QString &n : std::as_const(inventory.networks)) {
        if (!virt.hasNetwork(n))
            continue;
        if (QString e; virt.destroyNetwork(n, &e)) {
            say(QStringLiteral("removed network %1").arg(n));
            if (removed)
                removed->append(n);
        } else {
            failed(e);
        }
    }
    int files = 0;
    for (const QString &f : std::as_const(inventory.files)) {
        if (!inventory.owns(f)) {
            say(QStringLiteral("left %1 alone: it is outside the run directory %2").arg(f, runDir));
            continue;
        }
        if (QFile::remove(f))
            ++files;
    }
    say(QStringLiteral("removed %1 run file(s) in %2").arg(files).arg(runDir));
    QDir(runDir + QStringLiteral("/ssh")).removeRecursively();
    if (ok && !inventory.remove(&why))
        failed(why);
    return ok;
}

} // namespace Labforge
