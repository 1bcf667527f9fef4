// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "FeatureGenerator.h"

namespace Labforge {

// The openfactory-hpc-nfs service: guard the data disk by its exact serial,
// format it only when blank, mount it and export the three shares to the lab.
class HpcNfsGenerator : public FeatureGenerator
{
public:
    QString feature() const override { return QStringLiteral("hpc-nfs"); }
    FeatureOutput generate(const GeneratorContext &context) const override;
};

} // namespace Labforge
