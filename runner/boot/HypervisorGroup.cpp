// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "HypervisorGroup.h"

#include <QFile>
#include <QRegularExpression>

#include <grp.h>

namespace Labforge {

QString HypervisorGroup::configured(const QByteArray &qemuConf)
{
    static const QRegularExpression setting(QStringLiteral("^\\s*group\\s*=\\s*\"([^\"]*)\"\\s*(#.*)?$"),
                                            QRegularExpression::MultilineOption);
    QString last;
    auto it = setting.globalMatch(QString::fromUtf8(qemuConf));
    while (it.hasNext())
        last = it.next().captured(1);
    return last;
}

std::optional<unsigned> HypervisorGroup::id(const QString &qemuConf)
{
    QFile f(qemuConf);
    QString group = f.open(QIODevice::ReadOnly) ? configured(f.read(1 << 20)) : QString();
    if (group.isEmpty())
        group = QStringLiteral("libvirt-qemu");
    if (group.startsWith(QLatin1Char('+'))) {
        bool ok = false;
        const unsigned gid = group.mid(1).toUInt(&ok);
        return ok && gid != 0 ? std::optional<unsigned>(gid) : std::nullopt;
    }
    const struct group *g = ::getgrnam(group.toLocal8Bit().constData());
    return g && g->gr_gid != 0 ? std::optional<unsigned>(g->gr_gid) : std::nullopt;
}

} // namespace Labforge
