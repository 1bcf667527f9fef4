// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "FeatureGenerator.h"

namespace Labforge {

// nginx serving a page that names the lab and the node.
class NginxGenerator : public FeatureGenerator
{
public:
    QString feature() const override { return QStringLiteral("nginx"); }
    FeatureOutput generate(const GeneratorContext &context) const override;
};

} // namespace Labforge
