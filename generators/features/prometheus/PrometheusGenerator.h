// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "FeatureGenerator.h"

namespace Labforge {

// Prometheus and Alertmanager at the pinned Debian versions on one node: scrapes every
// node of the lab that has the node-exporter feature (labelled with its node id) every 10 s
// and alerts (LabNodeDown) when one has been down for 30 s. Alertmanager delivers each
// alert that fires or resolves to openfactory-alert-log on the same node, which writes it
// to /var/log/openfactory/alerts.log.
class PrometheusGenerator : public FeatureGenerator
{
public:
    QString feature() const override { return QStringLiteral("prometheus"); }
    FeatureOutput generate(const GeneratorContext &context) const override;
    static int alertLogPort() { return 9095; }
};

} // namespace Labforge
