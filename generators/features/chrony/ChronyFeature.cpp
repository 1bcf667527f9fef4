// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "ChronyFeature.h"
#include "Latin1List.h"

namespace Labforge {

ChronyFeature::ChronyFeature()
    : FeatureDefinition({
        .name = QStringLiteral("chrony"),
        .summary = QStringLiteral("Time from one source in the lab: the first controller with chrony serves the "
                                  "other nodes with chrony"),
        // allowedRoles empty: any role
        .ownedPackages = Latin1List::of({"chrony"}),
        .pinnedComponents = Latin1List::of({"chrony"}),
    })
{ }

} // namespace Labforge
