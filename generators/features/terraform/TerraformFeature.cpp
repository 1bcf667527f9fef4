#include "TerraformFeature.h"
#include "BinaryToolGenerator.h"
#include "Latin1List.h"

namespace Labforge {

namespace {

FeatureInfo terraformInfo()
{
    FeatureInfo info;
    info.name = QStringLiteral("terraform");
    info.summary = QStringLiteral("Pinned Terraform CLI");
    info.allowedRoles = Latin1List::of({"login", "generic"});
    info.ownedPackages = Latin1List::of({"terraform"});
    info.requiredWarnings = Latin1List::of({"cloud-not-included"});
    info.pinnedComponents = Latin1List::of({"terraform"});
    return info;
}

} // namespace

TerraformFeature::TerraformFeature()
    : FeatureDefinition(terraformInfo())
{ }

std::unique_ptr<FeatureGenerator> TerraformFeature::makeGenerator()
{
    return std::make_unique<BinaryToolGenerator>(QStringLiteral("terraform"), QStringLiteral("terraform"),
                                                 QStringLiteral("terraform"), PinnedArtifact::Unpack::Zip,
                                                 QStringLiteral("terraform"));
}

} // namespace Labforge
