// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "StepFigures.h"

#include <QJsonObject>
#include <QRegularExpression>

#include <cmath>

namespace Labforge {

QList<StepFigure> StepFigures::parse(const QByteArray &output)
{
    static const QRegularExpression line(QStringLiteral(
        "^labforge-figure ([A-Za-z][A-Za-z0-9_.-]{0,63}) (\\S{1,40})(?: ([A-Za-z0-9/%_.-]{1,24}))?[ \\t\\r]*$"));
    QList<StepFigure> figures;
    for (const QByteArray &raw : output.split('\n')) {
        if (!raw.startsWith("labforge-figure "))
            continue;
        const QRegularExpressionMatch m = line.match(QString::fromUtf8(raw));
        if (!m.hasMatch())
            continue;
        bool ok = false;
        const double value = m.captured(2).toDouble(&ok);
        if (!ok || !std::isfinite(value))
            continue;
        figures.append(StepFigure {m.captured(1), value, m.captured(3)});
        if (figures.size() == MaxPerStep)
            break;
    }
    return figures;
}

QJsonArray StepFigures::toJson(const QList<StepFigure> &figures)
{
    QJsonArray array;
    for (const StepFigure &f : figures) {
        QJsonObject o {{QStringLiteral("name"), f.name}, {QStringLiteral("value"), f.value}};
        if (!f.unit.isEmpty())
            o.insert(QStringLiteral("unit"), f.unit);
        array.append(o);
    }
    return array;
}

QList<StepFigure> StepFigures::fromJson(const QJsonArray &array)
{
    QList<StepFigure> figures;
    for (const QJsonValue v : array) {
        const QJsonObject o = v.toObject();
        figures.append(StepFigure {o.value(QStringLiteral("name")).toString(), o.value(QStringLiteral("value")).toDouble(),
                                   o.value(QStringLiteral("unit")).toString()});
    }
    return figures;
}

QString StepFigures::text(const StepFigure &figure)
{
    const QString value = QString::number(figure.value, 'g', 6);
    return figure.unit.isEmpty() ? value : value + u' ' + figure.unit;
}

} // namespace Labforge
