// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

namespace Labforge {

struct Lab;
class ProblemSink;

// The warnings a feature needs must be present, word for word.
class WarningRules
{
public:
    static void check(const Lab &lab, ProblemSink &sink);
};

} // namespace Labforge
