// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "Redactor.h"

namespace Labforge {

void Redactor::add(const QString &name, const QString &secret)
{
    if (secret.size() < 4)
        return;
    std::lock_guard lock(m_mutex);
    m_secrets.append({name, secret});
    // Longest first, so a secret containing another is replaced whole.
    std::sort(m_secrets.begin(), m_secrets.end(), [](const auto &a, const auto &b) { return a.second.size() > b.second.size(); });
}

QString Redactor::redact(QString text) const
{
    std::lock_guard lock(m_mutex);
    for (const auto &[name, secret] : m_secrets) {
        text.replace(secret, QStringLiteral("[redacted %1]").arg(name));
    }
    return text;
}

QByteArray Redactor::redact(const QByteArray &text) const
{
    return redact(QString::fromUtf8(text)).toUtf8();
}

bool Redactor::isEmpty() const
{
    std::lock_guard lock(m_mutex);
    return m_secrets.isEmpty();
}

} // namespace Labforge
