// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "FeatureDefinition.h"

namespace Labforge {

// munge: MUNGE authentication with the build group's key from the seed disk.
// Its catalog entry is all the model knows; the files come from MungeGenerator.
class MungeFeature : public FeatureDefinition
{
public:
    MungeFeature();
};

} // namespace Labforge
