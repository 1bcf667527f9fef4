// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "FeatureDefinition.h"

namespace Labforge {

// directory: users shared by every node of the lab. Its catalog entry is all the model
// knows; the files come from DirectoryGenerator.
class DirectoryFeature : public FeatureDefinition
{
public:
    DirectoryFeature();
};

} // namespace Labforge
