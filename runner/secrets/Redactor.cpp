// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "Redactor.h"

namespace Labforge {

namespace {

// The lines `text` wraps into at `width` characters, those long enough to redact alone.
QStringList wrapped(const QString &text, int width)
{
    QStringList lines;
    for (qsizetype i = 0; text.size() > width && i < text.size(); i += width) {
        const QString line = text.mid(i, width);
        if (line.size() >= 16)
            lines.append(line);
    }
    return lines;
}

} // namespace

bool Redactor::add(const QString &name, const QString &secret)
{
    if (secret.size() < MinimumLength)
        return false;
    const QByteArray bytes = secret.toUtf8();
    const QString base64 = QString::fromLatin1(bytes.toBase64());
    QStringList forms {secret, QString::fromLatin1(bytes.toHex()), QString::fromLatin1(bytes.toHex()).toUpper(),
                       base64};
    for (int width : {64, 76}) {
        forms += wrapped(base64, width);
        forms += wrapped(secret, width); // a secret that is itself base64 (a key), wrapped
    }
    std::lock_guard lock(m_mutex);
    for (const QString &form : std::as_const(forms)) {
        if (form.size() >= MinimumLength && !m_secrets.contains(std::pair {name, form}))
            m_secrets.append({name, form});
    }
    // Longest first, so a secret containing another is replaced whole.
    std::sort(m_secrets.begin(), m_secrets.end(),
              [](const auto &a, const auto &b) { return a.second.size() > b.second.size(); });
    return true;
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
