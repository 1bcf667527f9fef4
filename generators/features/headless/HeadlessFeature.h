// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "FeatureDefinition.h"

namespace Labforge {

// headless: a server image with no desktop and a serial console.
// Its catalog entry is all the model knows; the files come from HeadlessGenerator.
class HeadlessFeature : public FeatureDefinition
{
public:
    HeadlessFeature();
};

} // namespace Labforge
