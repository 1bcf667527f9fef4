// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "LabActionAssertion.h"

namespace Labforge {

// `power_cycle`: acts on the lab instead of running a command: a hard power-off of the
// node's VM, a start, and a wait until it answers over SSH again with a new boot id,
// all within the timeout. One attempt; it has no output to expect.
class PowerCycleAssertion : public LabActionAssertion
{
public:
    Assertion::Type type() const override { return Assertion::Type::PowerCycle; }
    QString name() const override { return QStringLiteral("power_cycle"); }
    QString summary() const override;
    void read(JsonObjectReader &params, Assertion &assertion) const override;
    QStringList ownKeys() const override { return {}; }
    void write(const Assertion &assertion, QJsonObject &params) const override;
    QString describeAction(const ScenarioStep &step) const override;
    QString describeExpectation(const Assertion &assertion) const override;
    QString attemptMessage(const ScenarioStep &step, int attempt, qint64 remainingMs) const override;
    Attempt attempt(const ScenarioStep &step, int remainingMs, AssertionContext &context) const override;
};

} // namespace Labforge
