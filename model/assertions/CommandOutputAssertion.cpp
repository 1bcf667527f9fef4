// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "CommandOutputAssertion.h"

#include "ExpectationMatcher.h"
#include "ProblemSink.h"
#include "ScenarioRules.h"

#include <QCoreApplication>

namespace Labforge {

QString CommandOutputAssertion::summary() const
{
    return QCoreApplication::translate("Labforge::AssertionTypes",
                                       "Runs the command on the node; passes when it exits 0 and its output "
                                       "meets the expectation");
}

void CommandOutputAssertion::validate(const ScenarioStep &step, const Where &where, ProblemSink &sink) const
{
    CommandAssertion::validate(step, where, sink);
    const QString pointer = where.params + QStringLiteral("/expect");
    if (step.assertion.expect.isEmpty())
        sink.error(CommandOutputAssertion::AssertionExpectationMissing, pointer,
                   QStringLiteral("%1 is command_output but says nothing about the output").arg(where.text), step.node);
    else if (ScenarioRules::acceptsEmptyOutput(step.assertion.expect))
        sink.error(ScenarioRules::AssertionExpectationEmpty, pointer,
                   QStringLiteral("%1: the expectation would accept empty output").arg(where.text), step.node);
}

QString CommandOutputAssertion::describeExpectation(const Assertion &assertion) const
{
    return ExpectationMatcher::describe(assertion.expect);
}

bool CommandOutputAssertion::judgeOutput(const Assertion &assertion, const QString &output, QString *verdict) const
{
    return ExpectationMatcher::matches(assertion.expect, output, verdict);
}

} // namespace Labforge
