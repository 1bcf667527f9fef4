// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "HaproxyFeature.h"
#include "Latin1List.h"

namespace Labforge {

HaproxyFeature::HaproxyFeature()
    : FeatureDefinition({
        .name = QStringLiteral("haproxy"),
        .summary = QStringLiteral("HAProxy load balancer in front of the lab's web servers"),
        .allowedRoles = Latin1List::of({"generic"}),
    })
{ }

} // namespace Labforge
