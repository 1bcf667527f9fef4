// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "RoleStyle.h"

#include "RoleRegistry.h"

#include <QHash>
#include <QStringList>

namespace Labforge {

QColor RoleStyle::colour(const QString &role)
{
    const RoleInfo *r = RoleRegistry::role(role);
    return r ? QColor::fromRgb(QRgb(0xff000000u | r->colour)) : QColor(0x78, 0x90, 0x9c);
}

QString RoleStyle::glyph(const QString &role)
{
    const RoleInfo *r = RoleRegistry::role(role);
    return r ? r->glyph : QStringLiteral("?");
}

QString RoleStyle::featureSummary(const QStringList &features)
{
    static const QHash<QString, QString> shortNames {{QStringLiteral("kubeadm-lab"), QStringLiteral("k8s")},
                                                     {QStringLiteral("slinky-slurm"), QStringLiteral("slurm")},
                                                     {QStringLiteral("hpc-nfs"), QStringLiteral("nfs")},
                                                     {QStringLiteral("terraform"), QStringLiteral("tf")}};
    QStringList parts;
    for (const QString &f : features) {
        if (f == QLatin1String("headless") || f == QLatin1String("ssh"))
            continue;
        parts.append(shortNames.value(f, f));
    }
    return parts.join(QStringLiteral(" · "));
}

} // namespace Labforge
