// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <mutex>

namespace Labforge {

// Removes every registered secret from text before it leaves the runner (log lines,
// events, errors, reports), in every form a shell prints it: as it is; its bytes in hex
// of either case, with any grouping or wrapping, and in the layouts of `xxd`, `od` and
// `hexdump -C` (offsets and character columns); in base64 (or base64url) wrapped at any
// width, also where it sits inside a longer base64 stream at any of the three byte
// offsets. Wrapping is not listed: the text is searched through a copy with whitespace
// removed (and one with dump layout removed), and what matches there is cut from the
// original text, the whole span it covers. Linear in the text for each form. Thread-safe.
// A secret shorter than MinimumLength is refused (redacting it would shred ordinary
// text): add() says so, and whoever makes secrets refuses such a value.
class Redactor
{
public:
    static constexpr int MinimumLength = 4;
    // A secret that is text (a password, a token, a key's base64 line): it and every
    // encoding of its UTF-8 bytes. False when `secret` is too short (nothing is registered).
    bool add(const QString &name, const QString &secret);
    // A secret that is bytes (a MUNGE or JWT key): every encoding of them.
    bool addBytes(const QString &name, const QByteArray &secret);
    QString redact(QString text) const;
    QByteArray redact(const QByteArray &text) const;
    bool isEmpty() const;

private:
    enum class Where {
        Text, // the text as it is
        Compact, // the text with whitespace removed
        Hex, // hex digits, lower-cased, with whitespace or dump layout removed
    };
    struct Form
    {
        QString name;
        QString value;
        Where where;
        bool operator==(const Form &) const = default;
    };
    void addForms(const QString &name, const QByteArray &bytes, const QString *text);

    mutable std::mutex m_mutex;
    QList<Form> m_forms;
};

} // namespace Labforge
