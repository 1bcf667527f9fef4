// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "EnvFile.h"

#include "Shell.h"

namespace Labforge {

EnvFile &EnvFile::add(const QString &key, const QString &value)
{
    m_lines.append(key + QLatin1Char('=') + Shell::quote(value));
    return *this;
}

QByteArray EnvFile::bytes(const QString &comment) const
{
    QByteArray out;
    if (!comment.isEmpty())
        out += "# " + comment.toUtf8() + '\n';
    for (const QString &line : m_lines)
        out += line.toUtf8() + '\n';
    return out;
}

} // namespace Labforge
