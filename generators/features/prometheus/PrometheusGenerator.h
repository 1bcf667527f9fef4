// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "FeatureGenerator.h"

namespace Labforge {

// Prometheus and Alertmanager at the pinned Debian versions on one node: scrapes every
// node of the lab that has the node-exporter feature (labelled with its node id) and
// alerts when one is down.
class PrometheusGenerator : public FeatureGenerator
{
public:
    QString feature() const override { return QStringLiteral("prometheus"); }
    FeatureOutput generate(const GeneratorContext &context) const override;
};

} // namespace Labforge
