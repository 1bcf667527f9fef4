// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "RuleId.h"
#include <QString>

namespace Labforge {

struct Lab;
struct Expectation;
class ProblemSink;

// Scenarios and their assertions: bounded, strict shell, explicit expectations
// that cannot be met by empty output.
class ScenarioRules
{
public:
    // The rules it reports (RuleId enters each in Validator::ruleIds()).
    static inline const RuleId NameInvalid {"scenario.name-invalid"};
    static inline const RuleId GatingDisabled {"scenario.gating-disabled"};
    static inline const RuleId Empty {"scenario.empty"};
    static inline const RuleId StepIdInvalid {"scenario.step-id-invalid"};
    static inline const RuleId NodeUnknown {"scenario.node-unknown"};
    static inline const RuleId PeerUnknown {"scenario.peer-unknown"};
    static inline const RuleId PeerSelf {"scenario.peer-self"};
    static inline const RuleId LinkNetwork {"scenario.link-network"};
    static inline const RuleId VariableUnknown {"scenario.variable-unknown"};
    static inline const RuleId VariableEmpty {"scenario.variable-empty"};
    static inline const RuleId StaleNodeName {"scenario.stale-node-name"};
    static inline const RuleId StaleNodeList {"scenario.stale-node-list"};
    static inline const RuleId StaleAddress {"scenario.stale-address"};
    static inline const RuleId StaleCount {"scenario.stale-count"};
    static inline const RuleId AssertionTimeoutMissing {"assertion.timeout-missing"};
    static inline const RuleId AssertionTimeoutRange {"assertion.timeout-range"};
    static inline const RuleId AssertionIntervalRange {"assertion.interval-range"};
    static inline const RuleId AssertionExpectationEmpty {"assertion.expectation-empty"};

    static void check(const Lab &lab, ProblemSink &sink);
    // True when the command's first statement is `set -euo pipefail` (any flag order).
    static bool isStrictShell(const QString &command);
    // True when an empty output would satisfy every field of the expectation.
    static bool acceptsEmptyOutput(const Expectation &expect);
};

} // namespace Labforge
