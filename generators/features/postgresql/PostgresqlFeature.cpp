// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "PostgresqlFeature.h"
#include "Latin1List.h"

namespace Labforge {

PostgresqlFeature::PostgresqlFeature()
    : FeatureDefinition({
        .name = QStringLiteral("postgresql"),
        .summary = QStringLiteral("PostgreSQL server for the lab network"),
        .allowedRoles = Latin1List::of({"generic"}),
    })
{ }

} // namespace Labforge
