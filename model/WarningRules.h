// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "RuleId.h"
namespace Labforge {

struct Lab;
class ProblemSink;

// The warnings a feature needs must be present, word for word.
class WarningRules
{
public:
    // The rules it reports (RuleId enters each in Validator::ruleIds()).
    static inline const RuleId Invalid {"warning.invalid"};
    static inline const RuleId Missing {"warning.missing"};
    static inline const RuleId Altered {"warning.altered"};

    static void check(const Lab &lab, ProblemSink &sink);
};

} // namespace Labforge
