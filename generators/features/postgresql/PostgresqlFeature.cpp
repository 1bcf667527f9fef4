#include "PostgresqlFeature.h"
#include "Latin1List.h"

namespace Labforge {

namespace {

FeatureInfo postgresqlInfo()
{
    FeatureInfo info;
    info.name = QStringLiteral("postgresql");
    info.summary = QStringLiteral("PostgreSQL server for the lab network");
    info.allowedRoles = Latin1List::of({"generic"});
    return info;
}

} // namespace

PostgresqlFeature::PostgresqlFeature()
    : FeatureDefinition(postgresqlInfo())
{ }

} // namespace Labforge
