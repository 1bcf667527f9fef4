// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "PowerCycleAssertion.h"

#include "JsonObjectReader.h"

#include <QCoreApplication>

namespace Labforge {

QString PowerCycleAssertion::summary() const
{
    return QCoreApplication::translate("Labforge::AssertionTypes",
                                       "Powers the node's VM off hard, starts it, and passes when it answers "
                                       "again with a new boot id in time");
}

void PowerCycleAssertion::read(JsonObjectReader &params, Assertion &assertion) const
{
    Q_UNUSED(params);
    Q_UNUSED(assertion);
}

void PowerCycleAssertion::write(const Assertion &assertion, QJsonObject &params) const
{
    Q_UNUSED(assertion);
    Q_UNUSED(params);
}

QString PowerCycleAssertion::describeAction(const ScenarioStep &step) const
{
    return QStringLiteral("(libvirt: hard power-off of %1's VM, start, wait for SSH)").arg(step.node);
}

QString PowerCycleAssertion::describeExpectation(const Assertion &assertion) const
{
    Q_UNUSED(assertion);
    return QStringLiteral("back over SSH with a new boot id");
}

QString PowerCycleAssertion::attemptMessage(const ScenarioStep &step, int attempt, qint64 remainingMs) const
{
    Q_UNUSED(attempt);
    Q_UNUSED(remainingMs);
    return QStringLiteral("power-cycling %1").arg(step.node);
}

AssertionType::Attempt PowerCycleAssertion::attempt(const ScenarioStep &step, int remainingMs,
                                                    AssertionContext &context) const
{
    return judged(context.powerCycle(step.node, remainingMs));
}

} // namespace Labforge
