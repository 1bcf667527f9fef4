// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "AccelProbe.h"

#include "HostCommand.h"

#include <QDateTime>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QStandardPaths>

#include <sys/stat.h>
#include <sys/utsname.h>

namespace Labforge {

AccelProbe::Result AccelProbe::probe(const QString &kernel, const QString &initrd, int timeoutMs,
                                     const CancelToken &cancel)
{
    const QFileInfo kvm(QStringLiteral("/dev/kvm"));
    if (!kvm.exists())
        return Result {BootPlan::Accel::Tcg, QStringLiteral("TCG: /dev/kvm does not exist")};
    if (!kvm.isReadable() || !kvm.isWritable())
        return Result {BootPlan::Accel::Tcg, QStringLiteral("TCG: /dev/kvm is not accessible to this user")};
    // Without an initrd the kernel panics for want of a root file system: as telling.
    QStringList arguments {QStringLiteral("-accel"),
                           QStringLiteral("kvm"),
                           QStringLiteral("-m"),
                           QStringLiteral("256"),
                           QStringLiteral("-nographic"),
                           QStringLiteral("-no-reboot"),
                           QStringLiteral("-nodefaults"),
                           QStringLiteral("-serial"),
                           QStringLiteral("stdio"),
                           QStringLiteral("-kernel"),
                           kernel};
    if (!initrd.isEmpty())
        arguments << QStringLiteral("-initrd") << initrd;
    arguments << QStringLiteral("-append")
              << QStringLiteral("console=ttyS0 panic=-1 rdinit=/labforge-kvm-probe-no-such-init "
                                "init=/labforge-kvm-probe-no-such-init");
    const auto r = HostCommand(QStringLiteral("qemu-system-x86_64"), arguments).timeout(timeoutMs).cancel(cancel).run();
    const QByteArray out = r.output;
    if (out.contains("Kernel panic") || out.contains("No working init") || out.contains("Attempted to kill init"))
        return Result {
            BootPlan::Accel::Kvm,
            QStringLiteral("KVM: a probe guest reached its init panic in %1 s").arg(r.elapsedMs / 1000.0, 0, 'f', 1)};
    if (r.timedOut)
        return Result {BootPlan::Accel::Tcg,
                       QStringLiteral("TCG: a KVM probe guest did not reach init within %1 s (KVM hangs on this host)")
                           .arg(timeoutMs / 1000)};
    return Result {BootPlan::Accel::Tcg,
                   QStringLiteral("TCG: the KVM probe failed (%1)")
                       .arg(r.describe(QStringLiteral("qemu-system-x86_64 -accel kvm")).left(200))};
}

QString AccelProbe::hostKey()
{
    utsname u {};
    uname(&u);
    const QString qemu = QStandardPaths::findExecutable(QStringLiteral("qemu-system-x86_64"));
    const QFileInfo binary(QFileInfo(qemu).canonicalFilePath());
    struct stat kvm
    {
    };
    const bool hasKvm = ::stat("/dev/kvm", &kvm) == 0;
    return QStringLiteral("kernel=%1 %2; qemu=%3 %4 %5; kvm=%6")
        .arg(QString::fromLocal8Bit(u.release), QString::fromLocal8Bit(u.version), binary.filePath())
        .arg(binary.size())
        .arg(binary.lastModified().toSecsSinceEpoch())
        .arg(hasKvm ? QStringLiteral("%1:%2").arg(kvm.st_rdev >> 8).arg(kvm.st_rdev & 0xff) : QStringLiteral("none"));
}

AccelProbe::Result AccelProbe::probeCached(const QString &kernel, const QString &initrd, int timeoutMs,
                                           const CancelToken &cancel, const QString &cacheFile)
{
    const QString key = hostKey();
    QFile cached(cacheFile);
    if (cached.open(QIODevice::ReadOnly)) {
        const QJsonObject o = QJsonDocument::fromJson(cached.readAll()).object();
        const QString accel = o.value(QStringLiteral("accel")).toString();
        if (o.value(QStringLiteral("host")).toString() == key
            && (accel == QLatin1String("kvm") || accel == QLatin1String("tcg")))
            return Result {accel == QLatin1String("kvm") ? BootPlan::Accel::Kvm : BootPlan::Accel::Tcg,
                           QStringLiteral("%1 (probed %2 on this kernel and QEMU; delete %3 to probe again)")
                               .arg(o.value(QStringLiteral("reason")).toString(),
                                    o.value(QStringLiteral("probed")).toString(), cacheFile)};
    }
    Result r = probe(kernel, initrd, timeoutMs, cancel);
    // Only a guest that ran (KVM) or hung (TCG) is a finding; a missing device or a
    // failed start says nothing lasting.
    const bool definite = r.accel == BootPlan::Accel::Kvm || r.reason.contains(QStringLiteral("did not reach init"));
    if (definite && !cancel.isCancelled()) {
        QSaveFile out(cacheFile);
        const QJsonObject o {{QStringLiteral("host"), key},
                             {QStringLiteral("accel"), BootPlan::accelName(r.accel)},
                             {QStringLiteral("reason"), r.reason},
                             {QStringLiteral("probed"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate)}};
        if (out.open(QIODevice::WriteOnly) && out.write(QJsonDocument(o).toJson()) >= 0)
            out.commit(); // a cache: when it cannot be written, the next run probes again
    }
    return r;
}

} // namespace Labforge
