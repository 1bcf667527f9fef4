// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Problem.h"
#include "ValidationContext.h"

namespace Labforge {

struct Lab;

// Pure function over the model, cheap enough to run on every edit.
class Validator
{
public:
    static Problems validate(const Lab &lab, const ValidationContext &context = {});
    // Every rule id the validator can report: each declared once as a RuleId beside the code
    // that reports it (documented in docs/lab-file.md#validation-rules).
    static QStringList ruleIds();
    static bool hasErrors(const Problems &problems);
};

} // namespace Labforge
