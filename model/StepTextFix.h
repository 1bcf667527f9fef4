// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "ProblemFix.h"

namespace Labforge {

// The quick fixes of a step's stale text (ProblemFix asks): a list of nodes becomes the
// {{nodes:…}} variable that follows them (scenario.stale-node-list), and a count a delete
// changed becomes {{count:…}} where it stands, in the expectation and in the command
// (scenario.stale-count). A stale id a rename took away (scenario.stale-node-name) becomes the
// id it was renamed to (Lab::renamedNodeIds) wherever it stands as a whole word; a deleted
// one has no replacement the lab knows: no fix (its list's fix, where it is in one).
class StepTextFix
{
public:
    static std::optional<ProblemFix::Fix> of(const Lab &lab, const Problem &problem);
};

} // namespace Labforge
