// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "TerminalText.h"

namespace Labforge {

namespace {

bool isControl(char16_t c)
{
    return (c < 0x20 && c != u'\n' && c != u'\t') || c == 0x7f || (c >= 0x80 && c <= 0x9f);
}

} // namespace

QString TerminalText::escaped(const QString &text)
{
    if (std::none_of(text.cbegin(), text.cend(), [](QChar c) { return isControl(c.unicode()); }))
        return text;
    QString out;
    out.reserve(text.size() + 8);
    for (QChar c : text) {
        if (!isControl(c.unicode()))
            out.append(c);
        else if (c.unicode() < 0x80)
            out.append(QStringLiteral("\\x%1").arg(c.unicode(), 2, 16, QLatin1Char('0')));
        else
            out.append(QStringLiteral("\\u%1").arg(c.unicode(), 4, 16, QLatin1Char('0')));
    }
    return out;
}

QByteArray TerminalText::escapedUtf8(const QByteArray &chunk, QByteArray *pending)
{
    QByteArray in = pending ? *pending + chunk : chunk;
    if (pending) {
        pending->clear();
        // A lead byte of U+0080..U+00BF at the end waits for the byte after it.
        if (!in.isEmpty() && quint8(in.back()) == 0xc2) {
            pending->append(in.back());
            in.chop(1);
        }
    }
    QByteArray out;
    out.reserve(in.size());
    for (qsizetype i = 0; i < in.size(); ++i) {
        const auto b = quint8(in.at(i));
        if ((b < 0x20 && b != '\n' && b != '\t') || b == 0x7f) {
            out.append("\\x").append(QByteArray::number(b, 16).rightJustified(2, '0'));
        } else if (b == 0xc2 && i + 1 < in.size() && quint8(in.at(i + 1)) >= 0x80 && quint8(in.at(i + 1)) <= 0x9f) {
            out.append("\\u00").append(QByteArray::number(quint8(in.at(i + 1)), 16));
            ++i;
        } else {
            out.append(char(b));
        }
    }
    return out;
}

QByteArray TerminalText::escapedConsole(const QByteArray &chunk, QByteArray *pending)
{
    QByteArray in = *pending + chunk;
    pending->clear();
    const bool crAtEnd = in.endsWith('\r'); // its line feed may come with the next chunk
    if (crAtEnd)
        in.chop(1);
    QByteArray out;
    out.reserve(in.size());
    qsizetype from = 0;
    for (qsizetype at = in.indexOf("\r\n"); at >= 0; at = in.indexOf("\r\n", from)) {
        out.append(escapedUtf8(in.mid(from, at - from))).append("\r\n");
        from = at + 2;
    }
    out.append(escapedUtf8(in.mid(from), pending));
    if (crAtEnd)
        pending->append('\r');
    return out;
}

} // namespace Labforge
