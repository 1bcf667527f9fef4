// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "FeatureDefinition.h"

namespace Labforge {

// ssh: the OpenSSH server and the lab's login user.
// Its catalog entry is all the model knows; the files come from SshGenerator.
class SshFeature : public FeatureDefinition
{
public:
    SshFeature();
};

} // namespace Labforge
