// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "FeatureDefinition.h"

namespace Labforge {

// chrony: the lab's clocks from one source in the lab (no time server outside is reachable).
// Its catalog entry is all the model knows; the files come from ChronyGenerator.
class ChronyFeature : public FeatureDefinition
{
public:
    ChronyFeature();
};

} // namespace Labforge
