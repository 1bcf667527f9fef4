// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "FeatureGenerator.h"

namespace Labforge {

// PostgreSQL listening on the lab network, password authentication from it.
class PostgresqlGenerator : public FeatureGenerator
{
public:
    QString feature() const override { return QStringLiteral("postgresql"); }
    FeatureOutput generate(const GeneratorContext &context) const override;
};

} // namespace Labforge
