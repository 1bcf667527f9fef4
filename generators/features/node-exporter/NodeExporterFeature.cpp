#include "NodeExporterFeature.h"
#include "Latin1List.h"

namespace Labforge {

namespace {

FeatureInfo nodeExporterInfo()
{
    FeatureInfo info;
    info.name = QStringLiteral("node-exporter");
    info.summary = QStringLiteral("Prometheus node exporter (its default collectors)");
    // allowedRoles empty: any role
    info.ownedPackages = Latin1List::of({"prometheus-node-exporter"});
    info.pinnedComponents = Latin1List::of({"prometheus-node-exporter"});
    return info;
}

} // namespace

NodeExporterFeature::NodeExporterFeature()
    : FeatureDefinition(nodeExporterInfo())
{ }

} // namespace Labforge
