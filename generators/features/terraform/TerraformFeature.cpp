// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "TerraformFeature.h"
#include "BinaryToolGenerator.h"
#include "Latin1List.h"

namespace Labforge {

TerraformFeature::TerraformFeature()
    : FeatureDefinition({
        .name = QStringLiteral("terraform"),
        .summary = QStringLiteral("Pinned Terraform CLI"),
        .allowedRoles = Latin1List::of({"login", "generic"}),
        .ownedPackages = Latin1List::of({"terraform"}),
        .requiredWarnings = Latin1List::of({"cloud-not-included"}),
        .pinnedComponents = Latin1List::of({"terraform"}),
        .warningTexts = {{QStringLiteral("cloud-not-included"),
                          QStringLiteral("Cloud image publishing and an on-prem-to-cloud migration workflow are not "
                                         "included in this {nodes}-VM libvirt lab.")}},
        .shortName = QStringLiteral("tf"),
    })
{ }

std::unique_ptr<FeatureGenerator> TerraformFeature::makeGenerator()
{
    return std::make_unique<BinaryToolGenerator>(QStringLiteral("terraform"), QStringLiteral("terraform"),
                                                 QStringLiteral("terraform"), PinnedArtifact::Unpack::Zip,
                                                 QStringLiteral("terraform"));
}

} // namespace Labforge
