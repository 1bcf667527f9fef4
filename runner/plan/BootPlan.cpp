// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "BootPlan.h"

namespace Labforge {

int BootPlan::totalMemoryMiB() const
{
    int total = 0;
    for (const Domain &d : domains)
        total += d.memoryMiB;
    return total;
}

int BootPlan::totalVcpus() const
{
    int total = 0;
    for (const Domain &d : domains)
        total += d.vcpus;
    return total;
}

qint64 BootPlan::totalDataDiskBytes() const
{
    qint64 total = 0;
    for (const Domain &d : domains) {
        for (const Disk &disk : d.disks) {
            if (disk.kind == Disk::Kind::Data)
                total += disk.sizeBytes;
        }
    }
    return total;
}

QByteArray BootPlan::hardwareTable() const
{
    QByteArray table;
    for (const Domain &d : domains)
        table += QStringLiteral("%1 %2 %3\n").arg(d.node).arg(d.vcpus).arg(d.memoryMiB).toUtf8();
    return table;
}

QString BootPlan::accelName(Accel accel)
{
    switch (accel) {
    case Accel::Auto:
        return QStringLiteral("auto");
    case Accel::Kvm:
        return QStringLiteral("kvm");
    case Accel::Tcg:
        return QStringLiteral("tcg");
    }
    return {};
}

} // namespace Labforge
