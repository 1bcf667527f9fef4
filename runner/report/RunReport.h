// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "AssertionResult.h"
#include "BootAnalysis.h"
#include "RunTimeline.h"

#include <QJsonObject>
#include <QMap>

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
    QList<RunTimeline::Span> timeline; // stages and node phases, as they happened
    QString bootError; // why building or booting failed (then no scenario ran)
    QMap<QString, QString> consoles; // node -> last console lines, for nodes that did not come up
    QMap<QString, BootAnalysis::Figures> bootAnalysis; // node -> systemd-analyze time, read once it answered

    int count(AssertionResult::State state, bool gatingOnly = false) const;
    // 0 every gating assertion passed, 1 any failed (or the boot did), 2 none could run (netlab's convention).
    int exitCode() const;
    QJsonObject toJson() const;
    static RunReport fromJson(const QJsonObject &json);
};

} // namespace Labforge
