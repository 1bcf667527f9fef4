// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "FeatureGenerator.h"

namespace Labforge {

// MUNGE at the pinned Debian version. The key is the build group's secret: the
// image has none, the runner puts it on the seed disk (slot "munge-key") and munged
// starts only after the seed service placed it.
class MungeGenerator : public FeatureGenerator
{
public:
    QString feature() const override { return QStringLiteral("munge"); }
    FeatureOutput generate(const GeneratorContext &context) const override;

    static QString keyPath() { return QStringLiteral("/etc/munge/munge.key"); }
};

} // namespace Labforge
