// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "FeatureDefinition.h"

namespace Labforge {

// haproxy: a load balancer in front of the lab's web servers.
// Its catalog entry is all the model knows; the files come from HaproxyGenerator.
class HaproxyFeature : public FeatureDefinition
{
public:
    HaproxyFeature();
};

} // namespace Labforge
