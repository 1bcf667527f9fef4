// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "FeatureGenerator.h"

namespace Labforge {

// What every node gets whatever its features: a bootable minimal Debian, its host
// name, the lab's hosts table, static addressing (systemd-networkd) and its users.
class BaseGenerator : public FeatureGenerator
{
public:
    QString feature() const override { return QStringLiteral("base"); }
    FeatureOutput generate(const GeneratorContext &context) const override;
};

} // namespace Labforge
