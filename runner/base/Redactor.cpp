// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "Redactor.h"

#include <algorithm>

namespace Labforge {

namespace {

// Some of a text's characters, each with the span of the text it stands for (one
// character, or the whole word of a little-endian dump whose bytes it was reordered from).
struct View
{
    QString text;
    QList<qsizetype> at;
    QList<qsizetype> until;
    void append(QChar c, qsizetype position) { append(c, position, position + 1); }
    void append(QChar c, qsizetype begin, qsizetype end)
    {
        text.append(c);
        at.append(begin);
        until.append(end);
    }
};

// The hex dumps of a text: bytes in the order the words show them (`xxd`, `od -tx1`,
// `hexdump -C`), and with each word of 2, 4 or 8 bytes read little-endian (`hexdump`'s
// default, `od -tx2`, `od -tx4`, `xxd -e`).
struct Dumps
{
    View inOrder;
    View littleEndian;
};

struct Span
{
    qsizetype begin;
    qsizetype end;
    QString name;
};

bool isHex(QStringView s)
{
    return !s.isEmpty() && std::all_of(s.begin(), s.end(), [](QChar c) { return isxdigit(c.unicode()) != 0; });
}

// The text without whitespace (nor JSON's escaped \n, \r, \t): wrapped hex, base64 and
// key lines become one run again.
View compact(const QString &text)
{
    View v;
    v.text.reserve(text.size());
    v.at.reserve(text.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (c == u'\\' && i + 1 < text.size() && QStringView(u"nrt").contains(text.at(i + 1)))
            ++i;
        else if (!c.isSpace())
            v.append(c, i);
    }
    return v;
}

using Tokens = QList<std::pair<qsizetype, qsizetype>>; // start, length

// Where the hex of an `xxd` line ends (its character column follows): at a run of two or
// more spaces after which as many characters follow as the words before it hold bytes.
// A partial last line of `xxd -e` pads inside the hex (`38373635       39  56789`), so the
// first such run is not always the one; without a fit, the first run.
qsizetype xxdHexEnd(const QString &text, const Tokens &tokens, qsizetype end)
{
    qsizetype first = -1;
    qsizetype bytes = 0;
    for (qsizetype k = 1; k < tokens.size(); ++k) {
        const QStringView t = QStringView(text).mid(tokens.at(k).first, tokens.at(k).second);
        if (!isHex(t) || t.size() % 2 != 0)
            break;
        bytes += t.size() / 2;
        const qsizetype gap = tokens.at(k).first + t.size();
        qsizetype next = gap;
        while (next < end && text.at(next) == u' ')
            ++next;
        if (next - gap < 2)
            continue;
        if (first < 0)
            first = gap;
        // The column may begin with spaces of its own: all but the two of the separator.
        if (end - next <= bytes && bytes <= end - gap - 2)
            return gap;
    }
    return first < 0 ? end : first;
}

// The hex bytes of one line of a dump, without its layout: an offset first (`xxd`'s
// "00000010:", `hexdump`'s and `od`'s bare one) and what follows the bytes (`xxd`'s
// character column, `hexdump -C`'s |…|).
void appendDumpLine(const QString &text, qsizetype begin, qsizetype end, Dumps &dumps)
{
    Tokens tokens;
    for (qsizetype i = begin; i < end;) {
        while (i < end && text.at(i).isSpace())
            ++i;
        const qsizetype start = i;
        while (i < end && !text.at(i).isSpace())
            ++i;
        if (i > start)
            tokens.append({start, i - start});
    }
    if (tokens.isEmpty())
        return;
    const auto token = [&](qsizetype k) {
        return QStringView(text).mid(tokens.at(k).first, tokens.at(k).second);
    };
    qsizetype first = 0;
    qsizetype limit = end;
    const QStringView head = token(0);
    if (head.size() >= 2 && head.endsWith(u':') && isHex(head.chopped(1))) {
        first = 1;
        limit = xxdHexEnd(text, tokens, end);
    } else if (tokens.size() > 1 && head.size() >= 6 && isHex(head) && head.size() != token(1).size()) {
        first = 1;
    }
    for (qsizetype k = first; k < tokens.size() && tokens.at(k).first < limit; ++k) {
        const QStringView t = token(k);
        if (!isHex(t) || t.size() % 2 != 0)
            break;
        const qsizetype start = tokens.at(k).first;
        const bool word = t.size() == 4 || t.size() == 8 || t.size() == 16;
        for (qsizetype c = 0; c < t.size(); ++c) {
            dumps.inOrder.append(t.at(c).toLower(), start + c);
            // Byte c / 2 of a little-endian word is the pair that many from its end.
            const qsizetype from = word ? t.size() - 2 - c / 2 * 2 + c % 2 : c;
            dumps.littleEndian.append(t.at(from).toLower(), start, start + t.size());
        }
    }
}

Dumps dumpHex(const QString &text)
{
    Dumps d;
    for (qsizetype begin = 0; begin < text.size();) {
        qsizetype end = text.indexOf(u'\n', begin);
        if (end < 0)
            end = text.size();
        appendDumpLine(text, begin, end, d);
        begin = end + 1;
    }
    return d;
}

// Every place `value` occurs in `view`, as spans of the text; `toLineEnd` takes the rest
// of the last line too (a dump's character column shows the same bytes).
void find(const View &view, const QString &text, const QString &value, const QString &name, bool toLineEnd,
          QList<Span> &spans)
{
    for (qsizetype i = view.text.indexOf(value); i >= 0; i = view.text.indexOf(value, i + value.size())) {
        qsizetype end = view.until.at(i + value.size() - 1);
        if (toLineEnd) {
            const qsizetype line = text.indexOf(u'\n', end);
            end = line < 0 ? text.size() : line;
        }
        spans.append({view.at.at(i), end, name});
    }
}

} // namespace

void Redactor::addForms(const QString &name, const QByteArray &bytes, const QString *text)
{
    QList<Form> forms;
    if (text) {
        forms.append({name, *text, Where::Text});
        QString joined = *text;
        joined.removeIf([](QChar c) { return c.isSpace(); });
        if (joined.size() >= 8)
            forms.append({name, joined, Where::Compact});
    }
    forms.append({name, QString::fromLatin1(bytes.toHex()), Where::Hex});
    forms.append({name, QString::fromLatin1(bytes.toBase64()), Where::Compact});
    // Inside a longer base64 stream the secret starts at one of three byte offsets; the
    // whole groups it fills are the same there whatever comes before and after.
    for (qsizetype skip = 0; skip < 3; ++skip) {
        const QByteArray aligned = bytes.mid(skip, (bytes.size() - skip) / 3 * 3);
        if (aligned.size() < 9)
            continue;
        forms.append({name, QString::fromLatin1(aligned.toBase64()), Where::Compact});
        forms.append({name, QString::fromLatin1(aligned.toBase64(QByteArray::Base64UrlEncoding)), Where::Compact});
    }
    std::lock_guard lock(m_mutex);
    for (const Form &f : std::as_const(forms)) {
        if (f.value.size() >= MinimumLength && !m_forms.contains(f))
            m_forms.append(f);
    }
}

bool Redactor::add(const QString &name, const QString &secret)
{
    if (secret.size() < MinimumLength)
        return false;
    addForms(name, secret.toUtf8(), &secret);
    return true;
}

bool Redactor::addBytes(const QString &name, const QByteArray &secret)
{
    if (secret.size() < MinimumLength)
        return false;
    addForms(name, secret, nullptr);
    return true;
}

QString Redactor::redact(QString text) const
{
    std::lock_guard lock(m_mutex);
    if (m_forms.isEmpty() || text.isEmpty())
        return text;
    const View joined = compact(text);
    View joinedHex = joined;
    joinedHex.text = joinedHex.text.toLower();
    const Dumps dumps = dumpHex(text);
    QList<Span> spans;
    for (const Form &f : m_forms) {
        switch (f.where) {
        case Where::Text:
            for (qsizetype i = text.indexOf(f.value); i >= 0; i = text.indexOf(f.value, i + f.value.size()))
                spans.append({i, i + f.value.size(), f.name});
            break;
        case Where::Compact:
            find(joined, text, f.value, f.name, false, spans);
            break;
        case Where::Hex:
            find(joinedHex, text, f.value, f.name, false, spans);
            find(dumps.inOrder, text, f.value, f.name, true, spans);
            find(dumps.littleEndian, text, f.value, f.name, true, spans);
            break;
        }
    }
    if (spans.isEmpty())
        return text;
    std::sort(spans.begin(), spans.end(), [](const Span &a, const Span &b) { return a.begin < b.begin; });
    QString out;
    out.reserve(text.size());
    qsizetype done = 0;
    for (qsizetype s = 0; s < spans.size();) {
        const Span &first = spans.at(s);
        qsizetype end = first.end;
        for (++s; s < spans.size() && spans.at(s).begin < end; ++s)
            end = std::max(end, spans.at(s).end);
        out += QStringView(text).mid(done, first.begin - done);
        out += QStringLiteral("[redacted %1]").arg(first.name);
        done = end;
    }
    out += QStringView(text).mid(done);
    return out;
}

QByteArray Redactor::redact(const QByteArray &text) const
{
    return redact(QString::fromUtf8(text)).toUtf8();
}

bool Redactor::isEmpty() const
{
    std::lock_guard lock(m_mutex);
    return m_forms.isEmpty();
}

} // namespace Labforge
