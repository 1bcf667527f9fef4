#include "MungeFeature.h"
#include "Latin1List.h"

namespace Labforge {

namespace {

FeatureInfo mungeInfo()
{
    FeatureInfo info;
    info.name = QStringLiteral("munge");
    info.summary = QStringLiteral("MUNGE authentication with the build group's key (from the seed disk)");
    info.allowedRoles = Latin1List::of({"controller", "compute", "login"});
    info.ownedPackages = Latin1List::of({"munge"});
    info.pinnedComponents = Latin1List::of({"munge"});
    return info;
}

} // namespace

MungeFeature::MungeFeature()
    : FeatureDefinition(mungeInfo())
{ }

} // namespace Labforge
