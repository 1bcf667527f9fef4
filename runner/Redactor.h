// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QList>
#include <QString>
#include <mutex>

namespace Labforge {

// Removes every registered secret from text before it leaves the runner (log
// lines, events, errors, reports). Thread-safe; secrets shorter than 4
// characters are refused (redacting them would shred ordinary text).
class Redactor
{
public:
    void add(const QString &name, const QString &secret);
    QString redact(QString text) const;
    QByteArray redact(const QByteArray &text) const;
    bool isEmpty() const;

private:
    mutable std::mutex m_mutex;
    QList<std::pair<QString, QString>> m_secrets; // name, value
};

} // namespace Labforge
