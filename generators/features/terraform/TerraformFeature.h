// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "FeatureDefinition.h"
#include "FeatureGenerator.h"

#include <memory>

namespace Labforge {

// terraform: the pinned Terraform CLI (no cloud provider).
// Its catalog entry is all the model knows; its files come from the shared
// BinaryToolGenerator (the pinned archive, unpacked into /usr/local/bin).
class TerraformFeature : public FeatureDefinition
{
public:
    TerraformFeature();
    static std::unique_ptr<FeatureGenerator> makeGenerator();
};

} // namespace Labforge
