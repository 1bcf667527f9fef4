// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "FeatureGenerator.h"

namespace Labforge {

// A server image: multi-user target, serial console, persistent bounded journal.
class HeadlessGenerator : public FeatureGenerator
{
public:
    QString feature() const override { return QStringLiteral("headless"); }
    FeatureOutput generate(const GeneratorContext &context) const override;
};

} // namespace Labforge
