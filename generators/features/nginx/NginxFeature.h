// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "FeatureDefinition.h"

namespace Labforge {

// nginx: a web server with a page naming the lab and the node.
// Its catalog entry is all the model knows; the files come from NginxGenerator.
class NginxFeature : public FeatureDefinition
{
public:
    NginxFeature();
};

} // namespace Labforge
