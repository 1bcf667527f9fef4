// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

namespace Labforge {

struct Lab;
class ProblemSink;

// A lab across several libvirt hosts: the hosts' names, URIs, tunnel endpoints, fabrics
// and limits, and each node's placement.
class HostRules
{
public:
    static void check(const Lab &lab, ProblemSink &sink);
};

} // namespace Labforge
