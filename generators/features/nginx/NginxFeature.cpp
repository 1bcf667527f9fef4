// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "NginxFeature.h"
#include "Latin1List.h"

namespace Labforge {

NginxFeature::NginxFeature()
    : FeatureDefinition({
        .name = QStringLiteral("nginx"),
        .summary = QStringLiteral("nginx web server with a lab page"),
        .allowedRoles = Latin1List::of({"generic"}),
    })
{ }

} // namespace Labforge
