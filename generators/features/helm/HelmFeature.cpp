#include "HelmFeature.h"
#include "BinaryToolGenerator.h"
#include "Latin1List.h"

namespace Labforge {

namespace {

FeatureInfo helmInfo()
{
    FeatureInfo info;
    info.name = QStringLiteral("helm");
    info.summary = QStringLiteral("Pinned Helm CLI");
    info.allowedRoles = Latin1List::of({"controller", "login", "generic"});
    info.ownedPackages = Latin1List::of({"helm"});
    info.pinnedComponents = Latin1List::of({"helm"});
    return info;
}

} // namespace

HelmFeature::HelmFeature()
    : FeatureDefinition(helmInfo())
{ }

std::unique_ptr<FeatureGenerator> HelmFeature::makeGenerator()
{
    return std::make_unique<BinaryToolGenerator>(QStringLiteral("helm"), QStringLiteral("helm"), QStringLiteral("helm"),
                                                 PinnedArtifact::Unpack::TarGz, QStringLiteral("linux-amd64/helm"));
}

} // namespace Labforge
