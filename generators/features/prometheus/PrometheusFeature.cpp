// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "PrometheusFeature.h"
#include "Latin1List.h"

namespace Labforge {

PrometheusFeature::PrometheusFeature()
    : FeatureDefinition({
        .name = QStringLiteral("prometheus"),
        .summary = QStringLiteral("Prometheus and Alertmanager scraping every node exporter of the lab"),
        .allowedRoles = Latin1List::of({"observability"}),
        .ownedPackages = Latin1List::of({"prometheus", "prometheus-alertmanager"}),
        .pinnedComponents = Latin1List::of({"prometheus", "prometheus-alertmanager"}),
    })
{ }

} // namespace Labforge
