#pragma once

#include "AssertionResult.h"

#include <QJsonObject>

namespace Labforge {

// The evidence of one acceptance run of a lab: what ran, where, and how it ended.
struct RunReport
{
    QString lab;
    QDateTime started;
    QDateTime finished;
    QString runInfo; // accelerator, memory scale, host: how this run relates to the lab's nominal sizes
    QList<AssertionResult> results;
    QStringList scenarios; // in order
    QString diagramSvg; // the lab as drawn, for the HTML report

    int count(AssertionResult::State state, bool gatingOnly = false) const;
    // 0 every gating assertion passed, 1 any failed, 2 none could run (netlab's convention).
    int exitCode() const;
    QJsonObject toJson() const;
    static RunReport fromJson(const QJsonObject &json);
};

} // namespace Labforge
