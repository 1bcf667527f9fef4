// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "FeatureDefinition.h"

namespace Labforge {

// postgresql: a PostgreSQL server listening on the lab network.
// Its catalog entry is all the model knows; the files come from PostgresqlGenerator.
class PostgresqlFeature : public FeatureDefinition
{
public:
    PostgresqlFeature();
};

} // namespace Labforge
