// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

namespace Labforge {

struct Lab;
class ProblemSink;

// Networks, node identity and addressing, canvas placement, disks, links,
// and each recipe's features, packages and users.
class TopologyRules
{
public:
    static void check(const Lab &lab, ProblemSink &sink);
};

} // namespace Labforge
