// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Expectation.h"

namespace Labforge {

// Decides whether a command's output meets a command_output expectation. The
// output's trailing newlines are trimmed first; empty output never passes.
class ExpectationMatcher
{
public:
    static bool matches(const Expectation &expect, const QString &output, QString *why);
    static QString describe(const Expectation &expect);
};

} // namespace Labforge
