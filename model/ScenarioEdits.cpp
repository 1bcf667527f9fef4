// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "ScenarioEdits.h"

#include <QSet>

#include <algorithm>

namespace Labforge {

namespace {

// `base` if no name in `taken` has it, else base-2, base-3 … (or, with `counted`,
// base-1, base-2 … from the first free number).
QString freeName(const QSet<QString> &taken, const QString &base, bool counted)
{
    if (!counted && !taken.contains(base))
        return base;
    for (int n = counted ? 1 : 2;; ++n) {
        QString candidate = base + u'-' + QString::number(n);
        if (!taken.contains(candidate))
            return candidate;
    }
}

QSet<QString> scenarioNames(const Lab &lab)
{
    QSet<QString> names;
    for (const Scenario &s : lab.scenarios)
        names.insert(s.name);
    return names;
}

QSet<QString> stepIds(const Scenario &scenario)
{
    QSet<QString> ids;
    for (const ScenarioStep &s : scenario.steps)
        ids.insert(s.id);
    return ids;
}

void setRow(int *row, int value)
{
    if (row)
        *row = value;
}

} // namespace

bool ScenarioEdits::valid(const Lab &lab, int index, int step)
{
    return index >= 0 && index < lab.scenarios.size() && step >= 0
        && (step == 0 || step < lab.scenarios.at(index).steps.size());
}

Lab ScenarioEdits::withNewScenario(const Lab &lab, int *row)
{
    Lab edited = lab;
    Scenario scenario;
    scenario.name = freeName(scenarioNames(lab), QStringLiteral("scenario"), true);
    scenario.enabled = false;
    scenario.gating = false;
    edited.scenarios.append(scenario);
    setRow(row, int(edited.scenarios.size()) - 1);
    return edited;
}

Lab ScenarioEdits::withDuplicateScenario(const Lab &lab, int index, int *row)
{
    setRow(row, -1);
    if (!valid(lab, index))
        return lab;
    Lab edited = lab;
    Scenario copy = lab.scenarios.at(index);
    copy.name = freeName(scenarioNames(lab), copy.name + QStringLiteral("-copy"), false);
    copy.gating = false;
    edited.scenarios.insert(index + 1, copy);
    setRow(row, index + 1);
    return edited;
}

Lab ScenarioEdits::withoutScenario(const Lab &lab, int index, int *row)
{
    setRow(row, -1);
    if (!valid(lab, index))
        return lab;
    Lab edited = lab;
    edited.scenarios.removeAt(index);
    setRow(row, edited.scenarios.isEmpty() ? -1 : std::min(index, int(edited.scenarios.size()) - 1));
    return edited;
}

Lab ScenarioEdits::withNewStep(const Lab &lab, int index, int *row)
{
    setRow(row, -1);
    if (!valid(lab, index) || lab.nodes.isEmpty())
        return lab;
    Lab edited = lab;
    Scenario &scenario = edited.scenarios[index];
    ScenarioStep step;
    step.id = freeName(stepIds(scenario), QStringLiteral("step"), true);
    step.node = lab.nodes.first().id;
    step.assertion.type = Assertion::Type::CommandOutput;
    step.assertion.command = QStringLiteral("set -euo pipefail\nhostname\n");
    step.assertion.timeoutSeconds = 300;
    step.assertion.expect.equals = step.node;
    if (scenario.steps.isEmpty())
        scenario.enabled = true;
    scenario.steps.append(step);
    setRow(row, int(scenario.steps.size()) - 1);
    return edited;
}

Lab ScenarioEdits::withDuplicateStep(const Lab &lab, int index, int step, int *row)
{
    setRow(row, -1);
    if (!valid(lab, index, step) || lab.scenarios.at(index).steps.isEmpty())
        return lab;
    Lab edited = lab;
    Scenario &scenario = edited.scenarios[index];
    ScenarioStep copy = scenario.steps.at(step);
    copy.id = freeName(stepIds(scenario), copy.id + QStringLiteral("-copy"), false);
    scenario.steps.insert(step + 1, copy);
    setRow(row, step + 1);
    return edited;
}

Lab ScenarioEdits::withoutStep(const Lab &lab, int index, int step, int *row)
{
    setRow(row, -1);
    if (!valid(lab, index, step) || lab.scenarios.at(index).steps.isEmpty())
        return lab;
    Lab edited = lab;
    QList<ScenarioStep> &steps = edited.scenarios[index].steps;
    steps.removeAt(step);
    setRow(row, steps.isEmpty() ? -1 : std::min(step, int(steps.size()) - 1));
    return edited;
}

Lab ScenarioEdits::withStepMoved(const Lab &lab, int index, int step, int by, int *row)
{
    setRow(row, -1);
    if (!valid(lab, index, step) || lab.scenarios.at(index).steps.isEmpty())
        return lab;
    Lab edited = lab;
    QList<ScenarioStep> &steps = edited.scenarios[index].steps;
    const int to = std::clamp(step + by, 0, int(steps.size()) - 1);
    steps.move(step, to);
    setRow(row, to);
    return edited;
}

} // namespace Labforge
