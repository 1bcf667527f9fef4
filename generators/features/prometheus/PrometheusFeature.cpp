#include "PrometheusFeature.h"
#include "Latin1List.h"

namespace Labforge {

namespace {

FeatureInfo prometheusInfo()
{
    FeatureInfo info;
    info.name = QStringLiteral("prometheus");
    info.summary = QStringLiteral("Prometheus and Alertmanager scraping every node exporter of the lab");
    info.allowedRoles = Latin1List::of({"observability"});
    info.ownedPackages = Latin1List::of({"prometheus", "prometheus-alertmanager"});
    info.pinnedComponents = Latin1List::of({"prometheus", "prometheus-alertmanager"});
    return info;
}

} // namespace

PrometheusFeature::PrometheusFeature()
    : FeatureDefinition(prometheusInfo())
{ }

} // namespace Labforge
