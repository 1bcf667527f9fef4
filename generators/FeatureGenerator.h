// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "FeatureOutput.h"
#include "GeneratorContext.h"

namespace Labforge {

// One recipe feature's generator. Output must be deterministic: the same lab
// gives the same bytes.
class FeatureGenerator
{
public:
    virtual ~FeatureGenerator() = default;
    virtual QString feature() const = 0;
    virtual FeatureOutput generate(const GeneratorContext &context) const = 0;
};

} // namespace Labforge
