// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "HelmFeature.h"
#include "BinaryToolGenerator.h"
#include "Latin1List.h"

namespace Labforge {

HelmFeature::HelmFeature()
    : FeatureDefinition({
        .name = QStringLiteral("helm"),
        .summary = QStringLiteral("Pinned Helm CLI"),
        .allowedRoles = Latin1List::of({"controller", "login", "generic"}),
        .ownedPackages = Latin1List::of({"helm"}),
        .pinnedComponents = Latin1List::of({"helm"}),
    })
{ }

std::unique_ptr<FeatureGenerator> HelmFeature::makeGenerator()
{
    return std::make_unique<BinaryToolGenerator>(QStringLiteral("helm"), QStringLiteral("helm"), QStringLiteral("helm"),
                                                 PinnedArtifact::Unpack::TarGz, QStringLiteral("linux-amd64/helm"));
}

} // namespace Labforge
