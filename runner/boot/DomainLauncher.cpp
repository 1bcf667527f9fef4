// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "DomainLauncher.h"

#include "Libvirt.h"
#include "LibvirtXml.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QMutex>
#include <QThreadPool>
#include <QtConcurrent>

namespace Labforge {

DomainLauncher::Outcome DomainLauncher::launch(Libvirt &virt, const BootPlan &plan, const QString &runId,
                                               const CancelToken &cancel, const Defined &defined,
                                               const Started &started)
{
    Outcome outcome;
    QMutex lock;
    QString firstError;
    QList<BootPlan::Domain> pausedDomains; // copies: the workers' references end with the map
    auto failed = [&](const BootPlan::Domain &d, const QString &why) {
        const QMutexLocker locker(&lock);
        if (firstError.isEmpty())
            firstError = QStringLiteral("node %1: %2").arg(d.node, why);
    };
    const bool kvmDevice = QFileInfo::exists(QStringLiteral("/dev/kvm"));
    const LibvirtXml::Versions versions {virt.qemuVersion(), virt.libvirtVersion()};
    const quint64 qemuVersion = versions.qemu;
    if (plan.accel != BootPlan::Accel::Kvm && LibvirtXml::tcgTranslatesPerAddressLayout(qemuVersion))
        outcome.notes.append(
            QStringLiteral("guests boot without address space layout randomization (norandmaps): QEMU %1.%2 "
                           "translates an emulated guest's code per virtual address, so randomized layouts "
                           "would make every new process translate its libraries again (KVM guests, and "
                           "QEMU 10.0 or later, keep it)")
                .arg(qemuVersion / 1000000)
                .arg(qemuVersion / 1000 % 1000));
    if (LibvirtXml::tcgReadsGuestCpuShortWay(plan.accel, versions))
        outcome.notes.append(QStringLiteral(
            "domains start with libvirt's QEMU capability cpu-unavailable-features removed: libvirt then checks an "
            "emulated guest's CPU with 2 queries instead of about 400 (0.2 s instead of 0.9 s of CPU per start); "
            "libvirt marks these domains tainted (custom-hypervisor-feature)"));
    // Waiting on libvirtd, not computing: every domain gets its own thread.
    QThreadPool pool;
    pool.setMaxThreadCount(int(std::clamp<qsizetype>(plan.domains.size(), 1, 32)));
    QtConcurrent::blockingMap(&pool, plan.domains, [&](const BootPlan::Domain &d) {
        if (cancel.isCancelled())
            return failed(d, QStringLiteral("cancelled"));
        {
            const QMutexLocker locker(&lock);
            if (!firstError.isEmpty())
                return; // another node failed: start nothing more
        }
        QString error;
        QElapsedTimer timer;
        timer.start();
        const bool ok = virt.defineDomain(LibvirtXml::domain(d, plan.accel, plan.labName, runId, versions), &error);
        const qint64 ms = timer.elapsed();
        {
            const QMutexLocker locker(&lock);
            outcome.slowestDefineMs = std::max(outcome.slowestDefineMs, ms);
            outcome.defineMs.insert(d.node, ms);
            if (const QString note = slowDefineNote(d.node, ms, kvmDevice); !note.isEmpty())
                outcome.notes.append(note);
            if (ok && !defined(d, &error)) {
                if (firstError.isEmpty())
                    firstError = QStringLiteral("node %1: %2").arg(d.node, error);
                return;
            }
        }
        if (!ok)
            return failed(d, error);
        bool paused = false;
        if (!virt.startDomainPaused(d.name, &paused, &error))
            return failed(d, error);
        if (paused) {
            const QMutexLocker locker(&lock);
            pausedDomains.append(d);
        } else {
            started(d);
        }
    });
    // Every QEMU started with its vCPUs paused, so no guest's emulated boot slowed the
    // others' start; now all of them run at once. After a failure they stay paused: the
    // run removes them.
    for (const BootPlan::Domain &d : std::as_const(pausedDomains)) {
        QString error;
        if (!firstError.isEmpty())
            break;
        if (!virt.resumeDomain(d.name, &error))
            failed(d, error);
        else
            started(d);
    }
    outcome.error = firstError;
    outcome.ok = firstError.isEmpty();
    return outcome;
}

QString DomainLauncher::slowDefineNote(const QString &node, qint64 ms, bool kvmDeviceExists)
{
    if (ms < SlowDefineMs)
        return {};
    QString note =
        QStringLiteral("defining node %1 took %2 s (a define takes well under a second)").arg(node).arg(ms / 1000);
    if (kvmDeviceExists)
        note += QStringLiteral(": this host's /dev/kvm exists but, it seems, cannot run guests, so libvirtd probes "
                               "QEMU's capabilities again on every define. Fix KVM, or start libvirtd with /dev/kvm "
                               "hidden from it behind a device QEMU's user cannot open: mknod -m 0600 /run/no-kvm "
                               "c 1 3 && unshare -m --propagation private sh -c 'mount --bind /run/no-kvm "
                               "/dev/kvm && exec libvirtd --daemon' (what labforge's scripts do; see "
                               "docs/images-and-boot.md)");
    else
        note += QStringLiteral(": libvirtd is slow to answer (a loaded host, or a libvirtd waiting on something else)");
    return note;
}

} // namespace Labforge
