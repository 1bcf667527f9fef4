// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "ProblemFix.h"

namespace Labforge {

// The quick fixes of a step's stale text (ProblemFix asks): a list of nodes becomes the
// {{nodes:…}} variable that follows them (scenario.stale-node-list), and a count a delete
// changed becomes {{count:…}} where it stands, in the expectation and in the command
// (scenario.stale-count). A single stale id (scenario.stale-node-name) has no replacement
// the lab knows: no fix (its list's fix, where it is in one).
class StepTextFix
{
public:
    static std::optional<ProblemFix::Fix> of(const Lab &lab, const Problem &problem);
};

} // namespace Labforge
