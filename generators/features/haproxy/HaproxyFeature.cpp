#include "HaproxyFeature.h"
#include "Latin1List.h"

namespace Labforge {

namespace {

FeatureInfo haproxyInfo()
{
    FeatureInfo info;
    info.name = QStringLiteral("haproxy");
    info.summary = QStringLiteral("HAProxy load balancer in front of the lab's web servers");
    info.allowedRoles = Latin1List::of({"generic"});
    return info;
}

} // namespace

HaproxyFeature::HaproxyFeature()
    : FeatureDefinition(haproxyInfo())
{ }

} // namespace Labforge
