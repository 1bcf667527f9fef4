// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "StepTextFix.h"

#include "JsonPointer.h"
#include "ScenarioRules.h"
#include "StepVariables.h"
#include "ValidatorText.h"

#include <QRegularExpression>

namespace Labforge {

namespace {

// Every match of `pattern` in the step's command (when `command`) or expectations (when
// `expectations`) replaced by `to`; true when something was.
bool replace(ScenarioStep &step, const QRegularExpression &pattern, const QString &to, bool command, bool expectations)
{
    bool changed = false;
    const auto apply = [&](QString &text) {
        const QString before = text;
        text.replace(pattern, to);
        changed = changed || text != before;
    };
    if (command)
        apply(step.assertion.command);
    for (std::optional<QString> *field :
         {&step.assertion.expect.equals, &step.assertion.expect.contains, &step.assertion.expect.matches}) {
        if (expectations && field->has_value())
            apply(**field);
    }
    return changed;
}

QRegularExpression whole(const QString &text)
{
    return QRegularExpression(
        QStringLiteral("(?<![A-Za-z0-9_.-])%1(?![A-Za-z0-9_-])").arg(QRegularExpression::escape(text)));
}

} // namespace

std::optional<ProblemFix::Fix> StepTextFix::of(const Lab &lab, const Problem &problem)
{
    const QStringList tokens = JsonPointer::tokens(problem.pointer);
    const int s = tokens.value(1).toInt();
    const int t = tokens.value(3).toInt();
    if (tokens.value(0) != u"scenarios" || tokens.value(2) != u"steps" || s < 0 || s >= lab.scenarios.size() || t < 0
        || t >= lab.scenarios.at(s).steps.size())
        return std::nullopt;
    ProblemFix::Fix fix {lab, {}};
    ScenarioStep &step = fix.lab.scenarios[s].steps[t];
    const ScenarioStep &was = lab.scenarios.at(s).steps.at(t);
    QStringList done;
    if (problem.rule == ScenarioRules::StaleNodeList) {
        for (const StepVariables::NodeList &list : StepVariables::incompleteNodeLists(was, lab)) {
            const QString variable = QStringLiteral("{{nodes:%1}}").arg(list.selector);
            if (replace(step, whole(list.written), variable, true, true))
                done.append(ValidatorText::tr("%1 by %2").arg(list.written, variable));
        }
    } else if (problem.rule == ScenarioRules::StaleNodeName) {
        // An id a rename took away: the id it became (a deleted one has none to offer).
        for (const QString &former : StepVariables::staleNodeNames(was, lab)) {
            const QString now = lab.renamedTo(former);
            if (!now.isEmpty() && replace(step, whole(former), now, true, true))
                done.append(ValidatorText::tr("%1 with %2").arg(former, now));
        }
    } else if (problem.rule == ScenarioRules::StaleCount) {
        for (const StepVariables::StaleCount &count : StepVariables::staleCounts(was, lab)) {
            const QString variable = count.selector.isEmpty() ? QStringLiteral("{{count}}")
                                                              : QStringLiteral("{{count:%1}}").arg(count.selector);
            const bool inExpect = replace(step, StepVariables::countPattern(count.was, false), variable, false, true);
            const bool inCommand =
                count.was > 1 && replace(step, StepVariables::countPattern(count.was, true), variable, true, false);
            if (inExpect || inCommand)
                done.append(ValidatorText::tr("%1 by %2").arg(count.was).arg(variable));
        }
    }
    if (done.isEmpty())
        return std::nullopt;
    fix.label = ValidatorText::tr("Replace %1 in step \"%2\"").arg(done.join(QStringLiteral(", ")), step.id);
    return fix;
}

} // namespace Labforge
