// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "ScenarioRunText.h"

#include "Lab.h"
#include "RunInventory.h"
#include "assertions/AssertionTypeRegistry.h"

#include <QLocale>

namespace Labforge {

QString ScenarioRunText::refusal(const Lab &lab)
{
    for (const Scenario &s : lab.scenarios) {
        if (s.enabled && !s.steps.isEmpty())
            return {};
    }
    return tr("Lab %1 has no scenario that is on and has steps: add a step, or tick a scenario in the "
              "Scenarios panel.")
        .arg(lab.name);
}

QString ScenarioRunText::text(const Lab &lab, const RunInventory &run)
{
    QStringList nodes;
    for (const RunInventory::Domain &d : run.domains)
        nodes.append(d.node);
    QString text = tr("Runs on the lab %1 that is up: run %2, started %3, nodes %4.")
                       .arg(lab.name, run.runId.isEmpty() ? tr("(no id)") : run.runId,
                            QLocale().toString(run.started.toLocalTime(), QLocale::ShortFormat),
                            nodes.isEmpty() ? tr("none") : nodes.join(QStringLiteral(", ")));
    QStringList on, off;
    for (const Scenario &s : lab.scenarios) {
        if (!s.enabled || s.steps.isEmpty()) {
            off.append(s.name);
            continue;
        }
        QStringList acting;
        for (const ScenarioStep &step : s.steps) {
            if (!AssertionTypeRegistry::of(step.assertion.type).runsCommand())
                acting.append(step.id);
        }
        QString line = s.gating ? tr("%1 (gating): %n step(s)", nullptr, int(s.steps.size())).arg(s.name)
                                : tr("%1: %n step(s)", nullptr, int(s.steps.size())).arg(s.name);
        if (!acting.isEmpty())
            line += tr("; acting on the lab: %1").arg(acting.join(QStringLiteral(", ")));
        on.append(QStringLiteral("• ") + line);
    }
    text += QStringLiteral("\n\n") + tr("Scenarios that run:") + u'\n' + on.join(u'\n');
    if (!off.isEmpty())
        text += QStringLiteral("\n\n") + tr("Off or without steps (not run): %1").arg(off.join(QStringLiteral(", ")));
    text += QStringLiteral("\n\n")
        + tr("The report is written when the last step has finished; Cancel Run (Ctrl+.) stops it.");
    return text;
}

} // namespace Labforge
