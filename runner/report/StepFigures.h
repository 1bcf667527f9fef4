// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QByteArray>
#include <QJsonArray>
#include <QList>
#include <QString>

namespace Labforge {

// A figure a step measured (a benchmark's result, a latency), kept in the report beside
// the step's evidence. A step reports one by printing a line on its standard output:
//
//     labforge-figure NAME VALUE [UNIT]
//
// NAME: a letter, then letters, digits, '_', '.' or '-' (at most 64); VALUE: a finite
// number; UNIT: at most 24 letters, digits or '/', '%', '_', '.', '-'. Other lines, and
// lines that do not match, are plain output. At most MaxPerStep figures per step.
struct StepFigure
{
    QString name;
    double value = 0;
    QString unit;

    bool operator==(const StepFigure &) const = default;
};

class StepFigures
{
public:
    static constexpr int MaxPerStep = 32;
    static QList<StepFigure> parse(const QByteArray &output);
    static QJsonArray toJson(const QList<StepFigure> &figures);
    static QList<StepFigure> fromJson(const QJsonArray &array);
    // "0.00123 Tflop/s"
    static QString text(const StepFigure &figure);
};

} // namespace Labforge
