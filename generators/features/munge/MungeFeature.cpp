// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "MungeFeature.h"
#include "Latin1List.h"

namespace Labforge {

MungeFeature::MungeFeature()
    : FeatureDefinition({
        .name = QStringLiteral("munge"),
        .summary = QStringLiteral("MUNGE authentication with the build group's key (from the seed disk)"),
        .allowedRoles = Latin1List::of({"controller", "compute", "login"}),
        .ownedPackages = Latin1List::of({"munge"}),
        .pinnedComponents = Latin1List::of({"munge"}),
    })
{ }

} // namespace Labforge
