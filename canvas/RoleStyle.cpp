// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "RoleStyle.h"

#include "Catalog.h"
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
    QStringList parts;
    for (const QString &f : features) {
        const FeatureInfo *info = Catalog::feature(f);
        if (info && !info->onCard)
            continue;
        parts.append(info && !info->shortName.isEmpty() ? info->shortName : f);
    }
    return parts.join(QStringLiteral(" · "));
}

} // namespace Labforge
