// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "Shell.h"

namespace Labforge {

QString Shell::quote(const QString &value)
{
    QString escaped = value;
    escaped.replace(QLatin1String("'"), QLatin1String("'\\''"));
    return QLatin1Char('\'') + escaped + QLatin1Char('\'');
}

QString Shell::quote(const QStringList &values)
{
    QStringList quoted;
    quoted.reserve(values.size());
    for (const QString &v : values)
        quoted.append(quote(v));
    return quoted.join(QLatin1Char(' '));
}

} // namespace Labforge
