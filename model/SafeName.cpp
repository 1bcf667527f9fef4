// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "SafeName.h"

#include <QRegularExpression>

namespace Labforge {

int SafeName::maxLength(Kind kind)
{
    // A lab name of 32 keeps /var/cache/labforge/runs/LAB/ssh/<control socket> within
    // sun_path (108 bytes) and libvirt names short; networks and disks name files and
    // bridges the same way. Scenarios, steps and services name files and units only.
    const bool longer = kind == Kind::Scenario || kind == Kind::Step || kind == Kind::Service;
    return longer ? 64 : 32;
}

QString SafeName::schemaPattern()
{
    return QStringLiteral("^[A-Za-z0-9](?:[A-Za-z0-9_-]|\\.(?!\\.))*$");
}

QString SafeName::check(const QString &name, Kind kind)
{
    if (name.isEmpty())
        return QStringLiteral("is empty");
    // What makes a name dangerous is said before what merely makes it long.
    for (const QChar c : name) {
        if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            return QStringLiteral("contains a control character");
        if (c == QLatin1Char('/') || c == QLatin1Char('\\'))
            return QStringLiteral("contains a path separator");
    }
    if (name.contains(QLatin1String("..")))
        return QStringLiteral("contains \"..\"");
    if (name.size() > maxLength(kind))
        return QStringLiteral("has %1 characters, at most %2 are allowed").arg(name.size()).arg(maxLength(kind));
    static const QRegularExpression pattern(QRegularExpression::anchoredPattern(schemaPattern()));
    if (!pattern.match(name).hasMatch())
        return QStringLiteral("must start with a letter or digit and use only letters, digits, '.', '_' and '-'");
    return {};
}

bool SafeName::isSlurmName(const QString &name)
{
    static const QRegularExpression pattern(
        QRegularExpression::anchoredPattern(QStringLiteral("[a-z][a-z0-9_]{0,39}")));
    return pattern.match(name).hasMatch();
}

} // namespace Labforge
