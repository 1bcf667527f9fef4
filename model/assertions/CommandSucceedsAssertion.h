// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "CommandAssertion.h"
#include "RuleId.h"

namespace Labforge {

// `command_succeeds`: the command exits 0 within the timeout.
class CommandSucceedsAssertion : public CommandAssertion
{
public:
    // The rules it reports (RuleId enters each in Validator::ruleIds()).
    static inline const RuleId AssertionExpectationIgnored {"assertion.expectation-ignored"};

    Assertion::Type type() const override { return Assertion::Type::CommandSucceeds; }
    QString name() const override { return QStringLiteral("command_succeeds"); }
    QString summary() const override;
    void validate(const ScenarioStep &step, const Where &where, ProblemSink &sink) const override;
    QString describeExpectation(const Assertion &assertion) const override;

protected:
    bool judgeOutput(const Assertion &assertion, const QString &output, QString *verdict) const override;
};

} // namespace Labforge
