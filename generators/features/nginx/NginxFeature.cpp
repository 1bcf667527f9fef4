#include "NginxFeature.h"
#include "Latin1List.h"

namespace Labforge {

namespace {

FeatureInfo nginxInfo()
{
    FeatureInfo info;
    info.name = QStringLiteral("nginx");
    info.summary = QStringLiteral("nginx web server with a lab page");
    info.allowedRoles = Latin1List::of({"generic"});
    return info;
}

} // namespace

NginxFeature::NginxFeature()
    : FeatureDefinition(nginxInfo())
{ }

} // namespace Labforge
