// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "ExpectationMatcher.h"

#include <QRegularExpression>
#include <QStringList>

namespace Labforge {

namespace {
QString trimmedEnd(QString s)
{
    while (s.endsWith(QLatin1Char('\n')) || s.endsWith(QLatin1Char('\r')))
        s.chop(1);
    return s;
}

QString shorten(const QString &s)
{
    return s.size() > 200 ? s.left(200) + QStringLiteral("…") : s;
}
} // namespace

QString ExpectationMatcher::describe(const Expectation &e)
{
    QStringList parts;
    if (e.equals)
        parts.append(QStringLiteral("equals \"%1\"").arg(shorten(*e.equals)));
    if (e.contains)
        parts.append(QStringLiteral("contains \"%1\"").arg(*e.contains));
    if (e.matches)
        parts.append(QStringLiteral("matches /%1/").arg(*e.matches));
    if (e.integerOp)
        parts.append(QStringLiteral("is an integer %1 %2").arg(*e.integerOp).arg(e.integerValue.value_or(0)));
    if (e.lineCount)
        parts.append(QStringLiteral("has %1 non-empty line(s)").arg(*e.lineCount));
    return parts.join(QStringLiteral(" and "));
}

bool ExpectationMatcher::matches(const Expectation &e, const QString &rawOutput, QString *why)
{
    const QString output = trimmedEnd(rawOutput);
    if (output.trimmed().isEmpty()) {
        *why = QStringLiteral("the output is empty; empty output never passes");
        return false;
    }
    if (e.isEmpty()) {
        *why = QStringLiteral("the assertion states no expectation");
        return false;
    }
    if (e.equals && output != *e.equals) {
        *why = QStringLiteral("output \"%1\" is not \"%2\"").arg(shorten(output), shorten(*e.equals));
        return false;
    }
    if (e.contains && !output.contains(*e.contains)) {
        *why = QStringLiteral("output does not contain \"%1\"").arg(*e.contains);
        return false;
    }
    if (e.matches) {
        const QRegularExpression re(*e.matches);
        if (!re.isValid() || !re.match(output).hasMatch()) {
            *why = QStringLiteral("output does not match /%1/").arg(*e.matches);
            return false;
        }
    }
    if (e.integerOp) {
        bool ok = false;
        const qint64 value = output.trimmed().toLongLong(&ok);
        if (!ok) {
            *why = QStringLiteral("output \"%1\" is not one integer").arg(shorten(output));
            return false;
        }
        const qint64 want = e.integerValue.value_or(0);
        const QString &op = *e.integerOp;
        const bool holds = op == QLatin1String("==") ? value == want
            : op == QLatin1String("!=")              ? value != want
            : op == QLatin1String("<")               ? value < want
            : op == QLatin1String("<=")              ? value <= want
            : op == QLatin1String(">")               ? value > want
            : op == QLatin1String(">=")              ? value >= want
                                                     : false;
        if (!holds) {
            *why = QStringLiteral("%1 %2 %3 does not hold").arg(value).arg(op).arg(want);
            return false;
        }
    }
    if (e.lineCount) {
        int lines = 0;
        for (const QString &line : output.split(QLatin1Char('\n')))
            lines += line.trimmed().isEmpty() ? 0 : 1;
        if (lines != *e.lineCount) {
            *why = QStringLiteral("%1 non-empty line(s), not %2").arg(lines).arg(*e.lineCount);
            return false;
        }
    }
    return true;
}

} // namespace Labforge
