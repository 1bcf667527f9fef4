// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "FeatureDefinition.h"
#include "FeatureGenerator.h"

#include <memory>

namespace Labforge {

// One recipe feature, whole: what the model knows about it (catalog entry, config rules,
// suggested configs, pinned components) and what it generates for a node (files,
// packages, units, and the secret slots the runner fills from the seed).
struct FeatureModule
{
    std::unique_ptr<FeatureDefinition> definition;
    std::unique_ptr<FeatureGenerator> generator;
};

} // namespace Labforge
