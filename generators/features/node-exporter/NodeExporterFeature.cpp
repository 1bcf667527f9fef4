// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "NodeExporterFeature.h"
#include "Latin1List.h"

namespace Labforge {

NodeExporterFeature::NodeExporterFeature()
    : FeatureDefinition({
        // allowedRoles empty: any role
        .name = QStringLiteral("node-exporter"),
        .summary = QStringLiteral("Prometheus node exporter (its default collectors)"),
        .ownedPackages = Latin1List::of({"prometheus-node-exporter"}),
        .pinnedComponents = Latin1List::of({"prometheus-node-exporter"}),
    })
{ }

} // namespace Labforge
