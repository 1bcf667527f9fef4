// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "LabStrings.h"

#include "JsonPointer.h"

#include <QJsonArray>
#include <QRegularExpression>

namespace Labforge {

namespace {

// The first control character of `text` that is not allowed there, or -1.
qsizetype forbidden(const QString &text, bool freeText)
{
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char16_t c = text.at(i).unicode();
        if ((c < 0x20 || c == 0x7f) && !(freeText && (c == u'\n' || c == u'\t')))
            return i;
    }
    return -1;
}

void refuse(const QString &pointer, const QString &text, qsizetype at, const char *what, LoadErrors *errors)
{
    errors->append(LoadError {pointer, 0, 0,
                              QStringLiteral("%1 holds a control character (U+%2 at character %3)%4")
                                  .arg(QLatin1String(what))
                                  .arg(text.at(at).unicode(), 4, 16, QLatin1Char('0'))
                                  .arg(at + 1)
                                  .arg(LabStrings::isFreeText(pointer)
                                           ? QStringLiteral("; free text may hold line feeds and tabs only")
                                           : QString())});
}

void walk(const QJsonValue &value, const QString &pointer, LoadErrors *errors)
{
    if (value.isString()) {
        const QString text = value.toString();
        if (const qsizetype at = forbidden(text, LabStrings::isFreeText(pointer)); at >= 0)
            refuse(pointer, text, at, "the value", errors);
    } else if (value.isArray()) {
        const QJsonArray array = value.toArray();
        for (qsizetype i = 0; i < array.size(); ++i)
            walk(array.at(i), JsonPointer::append(pointer, i), errors);
    } else if (value.isObject()) {
        const QJsonObject object = value.toObject();
        for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
            const QString at = JsonPointer::append(pointer, it.key());
            if (const qsizetype c = forbidden(it.key(), false); c >= 0)
                refuse(at, it.key(), c, "the key", errors);
            walk(it.value(), at, errors);
        }
    }
}

} // namespace

bool LabStrings::isFreeText(const QString &pointer)
{
    static const QRegularExpression freeText(QRegularExpression::anchoredPattern(
        QStringLiteral("/description|/scenarios/[0-9]+/description|/scenarios/[0-9]+/steps/[0-9]+/description"
                       "|/scenarios/[0-9]+/steps/[0-9]+/assertion/params/(command|expect/(equals|contains|matches))"
                       "|/warnings/[0-9]+/text")));
    return freeText.match(pointer).hasMatch();
}

LoadErrors LabStrings::check(const QJsonObject &root)
{
    LoadErrors errors;
    walk(root, QString(), &errors);
    return errors;
}

} // namespace Labforge
