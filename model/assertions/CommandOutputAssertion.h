// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "CommandAssertion.h"
#include "RuleId.h"

namespace Labforge {

// `command_output`: the command exits 0 and its output meets `expect`.
class CommandOutputAssertion : public CommandAssertion
{
public:
    // The rules it reports (RuleId enters each in Validator::ruleIds()).
    static inline const RuleId AssertionExpectationMissing {"assertion.expectation-missing"};

    Assertion::Type type() const override { return Assertion::Type::CommandOutput; }
    QString name() const override { return QStringLiteral("command_output"); }
    QString summary() const override;
    bool usesExpectation() const override { return true; }
    void validate(const ScenarioStep &step, const Where &where, ProblemSink &sink) const override;
    QString describeExpectation(const Assertion &assertion) const override;

protected:
    bool judgeOutput(const Assertion &assertion, const QString &output, QString *verdict) const override;
};

} // namespace Labforge
