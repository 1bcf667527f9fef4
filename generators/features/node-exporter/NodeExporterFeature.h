// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "FeatureDefinition.h"

namespace Labforge {

// node-exporter: the Prometheus node exporter with its default collectors.
// Its catalog entry is all the model knows; the files come from NodeExporterGenerator.
class NodeExporterFeature : public FeatureDefinition
{
public:
    NodeExporterFeature();
};

} // namespace Labforge
