// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "SshFeature.h"

namespace Labforge {

SshFeature::SshFeature()
    : FeatureDefinition({
        // allowedRoles empty: any role
        .name = QStringLiteral("ssh"),
        .summary = QStringLiteral("OpenSSH server and the lab's login user"),
        .onCard = false, // every node has it
        .needsLoginUser = true,
    })
{ }

} // namespace Labforge
