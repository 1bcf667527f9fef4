// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "LabActionAssertion.h"

#include "ProblemSink.h"

namespace Labforge {

void LabActionAssertion::validate(const ScenarioStep &step, const Where &where, ProblemSink &sink) const
{
    if (!step.assertion.expect.isEmpty())
        sink.error(
            LabActionAssertion::AssertionActionExpectation, where.params + QStringLiteral("/expect"),
            QStringLiteral("%1 is %2; it runs no command, so it has no output to expect").arg(where.text, name()),
            step.node);
    validateAction(step, where, sink);
}

void LabActionAssertion::validateAction(const ScenarioStep &step, const Where &where, ProblemSink &sink) const
{
    Q_UNUSED(step);
    Q_UNUSED(where);
    Q_UNUSED(sink);
}

AssertionType::Attempt LabActionAssertion::judged(const AssertionContext::Outcome &outcome)
{
    Attempt a;
    a.outcome = outcome;
    a.passed = outcome.exitCode == 0 && !outcome.cancelled;
    a.verdict = a.passed ? QStringLiteral("passed") : outcome.message;
    a.passMessage = outcome.message;
    return a;
}

} // namespace Labforge
