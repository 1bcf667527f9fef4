#include "AccelProbe.h"

#include "HostCommand.h"

#include <QFileInfo>

namespace Labforge {

AccelProbe::Result AccelProbe::probe(const QString &kernel, const QString &initrd, int timeoutMs, const CancelToken &cancel)
{
    const QFileInfo kvm(QStringLiteral("/dev/kvm"));
    if (!kvm.exists())
        return Result{BootPlan::Accel::Tcg, QStringLiteral("TCG: /dev/kvm does not exist")};
    if (!kvm.isReadable() || !kvm.isWritable())
        return Result{BootPlan::Accel::Tcg, QStringLiteral("TCG: /dev/kvm is not accessible to this user")};
    const auto r = HostCommand(QStringLiteral("qemu-system-x86_64"),
                               {QStringLiteral("-accel"), QStringLiteral("kvm"), QStringLiteral("-m"), QStringLiteral("256"), QStringLiteral("-nographic"),
                                QStringLiteral("-no-reboot"), QStringLiteral("-nodefaults"), QStringLiteral("-serial"), QStringLiteral("stdio"),
                                QStringLiteral("-kernel"), kernel, QStringLiteral("-initrd"), initrd, QStringLiteral("-append"),
                                QStringLiteral("console=ttyS0 panic=-1 rdinit=/labforge-kvm-probe-no-such-init init=/labforge-kvm-probe-no-such-init")})
                       .timeout(timeoutMs)
                       .cancel(cancel)
                       .run();
    const QByteArray out = r.output;
    if (out.contains("Kernel panic") || out.contains("No working init") || out.contains("Attempted to kill init"))
        return Result{BootPlan::Accel::Kvm, QStringLiteral("KVM: a probe guest reached its init panic in %1 s").arg(r.elapsedMs / 1000.0, 0, 'f', 1)};
    if (r.timedOut)
        return Result{BootPlan::Accel::Tcg, QStringLiteral("TCG: a KVM probe guest did not reach init within %1 s (KVM hangs on this host)").arg(timeoutMs / 1000)};
    return Result{BootPlan::Accel::Tcg, QStringLiteral("TCG: the KVM probe failed (%1)").arg(r.describe(QStringLiteral("qemu-system-x86_64 -accel kvm")).left(200))};
}

} // namespace Labforge
