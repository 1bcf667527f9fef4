// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "CommandAssertion.h"

#include "JsonObjectReader.h"
#include "ProblemSink.h"
#include "ScenarioRules.h"

namespace Labforge {

void CommandAssertion::read(JsonObjectReader &params, Assertion &assertion) const
{
    assertion.command = params.string(QStringLiteral("command"));
}

void CommandAssertion::write(const Assertion &assertion, QJsonObject &params) const
{
    params.insert(QStringLiteral("command"), assertion.command);
}

void CommandAssertion::validate(const ScenarioStep &step, const Where &where, ProblemSink &sink) const
{
    if (step.assertion.command.trimmed().isEmpty())
        sink.error(CommandAssertion::AssertionCommandEmpty, where.params + QStringLiteral("/command"),
                   QStringLiteral("%1 has no command").arg(where.text), step.node);
    else if (!ScenarioRules::isStrictShell(step.assertion.command))
        sink.error(CommandAssertion::AssertionStrictShell, where.params + QStringLiteral("/command"),
                   QStringLiteral("%1: the command must start with `set -euo pipefail`").arg(where.text), step.node);
}

QString CommandAssertion::describeAction(const ScenarioStep &step) const
{
    return step.assertion.command;
}

AssertionType::Attempt CommandAssertion::attempt(const ScenarioStep &step, int remainingMs,
                                                 AssertionContext &context) const
{
    Attempt a;
    a.outcome = context.runCommand(step.node, step.assertion.command, remainingMs);
    const AssertionContext::Outcome &t = a.outcome;
    if (t.unreachable)
        a.verdict = QStringLiteral("could not reach %1: %2").arg(step.node, t.message);
    else if (t.cancelled)
        a.verdict = QStringLiteral("cancelled");
    else if (t.timedOut)
        a.verdict = QStringLiteral("the command outlived the assertion's %1 s bound")
                        .arg(step.assertion.timeoutSeconds.value_or(0));
    else if (t.exitCode != 0)
        a.verdict = QStringLiteral("exit status %1").arg(t.exitCode);
    else
        a.passed = judgeOutput(step.assertion, QString::fromUtf8(t.stdoutData), &a.verdict);
    if (a.passed)
        a.verdict = QStringLiteral("passed");
    return a;
}

} // namespace Labforge
