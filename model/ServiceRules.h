// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "RuleId.h"
namespace Labforge {

struct Lab;
struct ValidationContext;
class ProblemSink;

// Declared services: the ones features require, the ones the backend injects,
// and the configs of known services checked against the topology and the pins.
class ServiceRules
{
public:
    // The rules it reports (RuleId enters each in Validator::ruleIds()).
    static inline const RuleId NameInvalid {"service.name-invalid"};
    static inline const RuleId Duplicate {"service.duplicate"};
    static inline const RuleId Injected {"service.injected"};
    static inline const RuleId FeatureMissing {"service.feature-missing"};
    static inline const RuleId Missing {"service.missing"};
    static inline const RuleId Disabled {"service.disabled"};
    static inline const RuleId ConfigInconsistent {"service.config-inconsistent"};

    static void check(const Lab &lab, const ValidationContext &context, ProblemSink &sink);
};

} // namespace Labforge
