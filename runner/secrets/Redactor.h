// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QList>
#include <QString>
#include <mutex>

namespace Labforge {

// Removes every registered secret from text before it leaves the runner (log
// lines, events, errors, reports), in the forms a secret shows up in text: as it is,
// its UTF-8 bytes in hex (either case) and base64, and base64 wrapped into lines as
// PEM (64) and MIME (76) wrap it, line by line. Thread-safe. A secret shorter than
// MinimumLength is refused (redacting it would shred ordinary text): add() says so,
// and whoever makes secrets refuses such a value.
class Redactor
{
public:
    static constexpr int MinimumLength = 4;
    // False when `secret` is too short to redact (nothing is registered).
    bool add(const QString &name, const QString &secret);
    QString redact(QString text) const;
    QByteArray redact(const QByteArray &text) const;
    bool isEmpty() const;

private:
    mutable std::mutex m_mutex;
    QList<std::pair<QString, QString>> m_secrets; // name, value
};

} // namespace Labforge
