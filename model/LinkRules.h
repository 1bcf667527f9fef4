// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "RuleId.h"
namespace Labforge {

struct Lab;
class ProblemSink;

// The links between nodes: both ends known and distinct, one link per pair, and a network
// that exists and that both ends have an interface on.
class LinkRules
{
public:
    // The rules it reports (RuleId enters each in Validator::ruleIds()).
    static inline const RuleId NodeUnknown {"link.node-unknown"};
    static inline const RuleId Self {"link.self"};
    static inline const RuleId Duplicate {"link.duplicate"};
    static inline const RuleId NetworkMissing {"link.network-missing"};
    static inline const RuleId NetworkUnknown {"link.network-unknown"};
    static inline const RuleId EndOffNetwork {"link.end-off-network"};

    static void check(const Lab &lab, ProblemSink &sink);
};

} // namespace Labforge
