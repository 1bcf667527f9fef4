// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

namespace Labforge {

struct Lab;
struct ValidationContext;
class ProblemSink;

// Declared services: the ones features require, the ones the backend injects,
// and the configs of known services checked against the topology and the pins.
class ServiceRules
{
public:
    static void check(const Lab &lab, const ValidationContext &context, ProblemSink &sink);
};

} // namespace Labforge
