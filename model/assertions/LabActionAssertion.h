// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "AssertionType.h"
#include "RuleId.h"

namespace Labforge {

// What the kinds that act on the lab instead of running a command share (power_cycle,
// link_down, link_up, impair): no command, no output and so no `expect`, one attempt.
class LabActionAssertion : public AssertionType
{
public:
    // The rules it reports (RuleId enters each in Validator::ruleIds()).
    static inline const RuleId AssertionActionExpectation {"assertion.action-expectation"};

    bool runsCommand() const override { return false; }
    bool retries() const override { return false; }
    void validate(const ScenarioStep &step, const Where &where, ProblemSink &sink) const override;

protected:
    // The type's own rules, after the shared ones.
    virtual void validateAction(const ScenarioStep &step, const Where &where, ProblemSink &sink) const;
    // The attempt's verdict from what the action did.
    static Attempt judged(const AssertionContext::Outcome &outcome);
};

} // namespace Labforge
