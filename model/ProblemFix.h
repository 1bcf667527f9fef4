// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Lab.h"
#include "Problem.h"

#include <optional>

namespace Labforge {

struct ValidationContext;

// The obvious remedy of a problem, where it has one: the lab as it is once fixed and what
// the fix does, in words (for the designer's Problems panel, one undo step). Remedies:
// a required warning missing or reworded (the feature's wording), a Kubernetes member
// missing from or unknown to plan.kubernetes, a feature's service missing or a shared
// config out of step with its members (the feature's suggestion), a duplicate address
// (the next free one, references following) or disk serial (a free one), a link whose
// network is missing or whose end is off it (the end attached at its next free address),
// a step's stale text (StepTextFix), a Kubernetes member without kubeadm-lab (turned on,
// or the node out of the plan where its role cannot run it), a feature that needs another
// (that one turned on).
class ProblemFix
{
public:
    struct Fix
    {
        Lab lab;
        QString label;
    };
    static std::optional<Fix> of(const Lab &lab, const Problem &problem, const ValidationContext &context);
};

} // namespace Labforge
