// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "FeatureGenerator.h"

namespace Labforge {

// HAProxy on port 80 balancing over every node of the lab with the nginx feature.
class HaproxyGenerator : public FeatureGenerator
{
public:
    QString feature() const override { return QStringLiteral("haproxy"); }
    FeatureOutput generate(const GeneratorContext &context) const override;
};

} // namespace Labforge
