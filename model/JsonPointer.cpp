// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "JsonPointer.h"

#include <QJsonArray>
#include <QJsonObject>

namespace Labforge {

QString JsonPointer::escape(const QString &key)
{
    QString escaped = key;
    escaped.replace(QLatin1Char('~'), QLatin1String("~0"));
    escaped.replace(QLatin1Char('/'), QLatin1String("~1"));
    return escaped;
}

QString JsonPointer::append(const QString &base, const QString &key)
{
    return base + QLatin1Char('/') + escape(key);
}

QString JsonPointer::append(const QString &base, qsizetype index)
{
    return base + QLatin1Char('/') + QString::number(index);
}

std::optional<QString> JsonPointer::enclosingDifference(const QJsonValue &a, const QJsonValue &b, const QString &base)
{
    if (a == b)
        return std::nullopt;
    if (a.isObject() && b.isObject()) {
        const QJsonObject x = a.toObject(), y = b.toObject();
        QStringList keys = x.keys() + y.keys();
        keys.removeDuplicates();
        QString only;
        int differing = 0;
        for (const QString &key : std::as_const(keys)) {
            if (x.value(key) != y.value(key) || x.contains(key) != y.contains(key)) {
                only = key;
                ++differing;
            }
        }
        if (differing == 1 && x.contains(only) && y.contains(only))
            return enclosingDifference(x.value(only), y.value(only), append(base, only));
        return base;
    }
    if (a.isArray() && b.isArray() && a.toArray().size() == b.toArray().size()) {
        const QJsonArray x = a.toArray(), y = b.toArray();
        qsizetype only = -1;
        int differing = 0;
        for (qsizetype i = 0; i < x.size(); ++i) {
            if (x.at(i) != y.at(i)) {
                only = i;
                ++differing;
            }
        }
        if (differing == 1)
            return enclosingDifference(x.at(only), y.at(only), append(base, only));
    }
    return base;
}

QStringList JsonPointer::tokens(const QString &pointer)
{
    QStringList out = pointer.split(QLatin1Char('/'));
    if (!out.isEmpty())
        out.removeFirst(); // before the leading slash
    for (QString &t : out)
        t.replace(QLatin1String("~1"), QLatin1String("/")).replace(QLatin1String("~0"), QLatin1String("~"));
    return out;
}

} // namespace Labforge
