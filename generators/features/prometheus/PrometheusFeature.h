// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "FeatureDefinition.h"

namespace Labforge {

// prometheus: Prometheus and Alertmanager scraping every node exporter of the lab.
// Its catalog entry is all the model knows; the files come from PrometheusGenerator.
class PrometheusFeature : public FeatureDefinition
{
public:
    PrometheusFeature();
};

} // namespace Labforge
