// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace Labforge {

// A shell-sourceable KEY='value' file (also readable by systemd EnvironmentFile=).
class EnvFile
{
public:
    EnvFile &add(const QString &key, const QString &value);
    EnvFile &add(const QString &key, int value) { return add(key, QString::number(value)); }
    QByteArray bytes(const QString &comment = {}) const;

private:
    QStringList m_lines;
};

} // namespace Labforge
