// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QString>

namespace Labforge {

struct Lab;
struct Expectation;
class ProblemSink;

// Scenarios and their assertions: bounded, strict shell, explicit expectations
// that cannot be met by empty output.
class ScenarioRules
{
public:
    static void check(const Lab &lab, ProblemSink &sink);
    // True when the command's first statement is `set -euo pipefail` (any flag order).
    static bool isStrictShell(const QString &command);
    // True when an empty output would satisfy every field of the expectation.
    static bool acceptsEmptyOutput(const Expectation &expect);
};

} // namespace Labforge
