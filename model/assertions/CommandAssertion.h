// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "AssertionType.h"
#include "RuleId.h"

namespace Labforge {

// What the kinds that run a shell command on the node share: a required strict
// `command`, an attempt that runs it within what is left of the timeout, and a verdict
// from its exit status; subclasses judge the output.
class CommandAssertion : public AssertionType
{
public:
    // The rules it reports (RuleId enters each in Validator::ruleIds()).
    static inline const RuleId AssertionCommandEmpty {"assertion.command-empty"};
    static inline const RuleId AssertionStrictShell {"assertion.strict-shell"};

    void read(JsonObjectReader &params, Assertion &assertion) const override;
    QStringList ownKeys() const override { return {QStringLiteral("command")}; }
    void write(const Assertion &assertion, QJsonObject &params) const override;
    void validate(const ScenarioStep &step, const Where &where, ProblemSink &sink) const override;
    QString describeAction(const ScenarioStep &step) const override;
    Attempt attempt(const ScenarioStep &step, int remainingMs, AssertionContext &context) const override;

protected:
    // Called when the command exited 0 in time; sets *verdict when the output fails.
    virtual bool judgeOutput(const Assertion &assertion, const QString &output, QString *verdict) const = 0;
};

} // namespace Labforge
