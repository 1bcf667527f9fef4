// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

namespace Labforge {

struct Lab;
class ProblemSink;

// The links between nodes: both ends known and distinct, one link per pair, and a network
// that exists and that both ends have an interface on.
class LinkRules
{
public:
    static void check(const Lab &lab, ProblemSink &sink);
};

} // namespace Labforge
