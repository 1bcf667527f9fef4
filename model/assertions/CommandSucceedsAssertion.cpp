// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "CommandSucceedsAssertion.h"

#include "ProblemSink.h"

#include <QCoreApplication>

namespace Labforge {

QString CommandSucceedsAssertion::summary() const
{
    return QCoreApplication::translate("Labforge::AssertionTypes",
                                       "Runs the command on the node; passes when it exits 0 in time");
}

void CommandSucceedsAssertion::validate(const ScenarioStep &step, const Where &where, ProblemSink &sink) const
{
    CommandAssertion::validate(step, where, sink);
    if (!step.assertion.expect.isEmpty())
        sink.warning(
            CommandSucceedsAssertion::AssertionExpectationIgnored, where.params + QStringLiteral("/expect"),
            QStringLiteral("%1 is command_succeeds; its expectation is ignored (use command_output)").arg(where.text),
            step.node);
}

QString CommandSucceedsAssertion::describeExpectation(const Assertion &assertion) const
{
    Q_UNUSED(assertion);
    return QStringLiteral("exit status 0");
}

bool CommandSucceedsAssertion::judgeOutput(const Assertion &assertion, const QString &output, QString *verdict) const
{
    Q_UNUSED(assertion);
    Q_UNUSED(output);
    Q_UNUSED(verdict);
    return true;
}

} // namespace Labforge
