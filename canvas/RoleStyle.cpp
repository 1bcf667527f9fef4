#include "RoleStyle.h"

#include <QHash>
#include <QStringList>

namespace Labforge {

QColor RoleStyle::colour(const QString &role)
{
    static const QHash<QString, QColor> colours {{QStringLiteral("controller"), QColor(0x1e, 0x88, 0xe5)},
                                                 {QStringLiteral("compute"), QColor(0x43, 0xa0, 0x47)},
                                                 {QStringLiteral("login"), QColor(0x8e, 0x24, 0xaa)},
                                                 {QStringLiteral("storage"), QColor(0xf5, 0x7c, 0x00)},
                                                 {QStringLiteral("observability"), QColor(0x00, 0x89, 0x7b)},
                                                 {QStringLiteral("generic"), QColor(0x54, 0x6e, 0x7a)}};
    return colours.value(role, QColor(0x78, 0x90, 0x9c));
}

QString RoleStyle::glyph(const QString &role)
{
    static const QHash<QString, QString> glyphs {
        {QStringLiteral("controller"), QStringLiteral("C")},    {QStringLiteral("compute"), QStringLiteral("N")},
        {QStringLiteral("login"), QStringLiteral("L")},         {QStringLiteral("storage"), QStringLiteral("S")},
        {QStringLiteral("observability"), QStringLiteral("O")}, {QStringLiteral("generic"), QStringLiteral("G")}};
    return glyphs.value(role, QStringLiteral("?"));
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
