// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

namespace Labforge {

struct Lab;
struct ValidationContext;
class ProblemSink;

// plan.kubernetes: shape, members, subnets, token lifetime and the lab-only
// discovery boundary.
class KubernetesRules
{
public:
    static void check(const Lab &lab, const ValidationContext &context, ProblemSink &sink);
};

} // namespace Labforge
