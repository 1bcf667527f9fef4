// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "FeatureDefinition.h"

namespace Labforge {

// containerd: the container runtime with the pinned images its service lists, pulled by
// digest, or preloaded from an offline kit at first boot (openfactory-containerd).
class ContainerdFeature : public FeatureDefinition
{
public:
    ContainerdFeature();
    void checkServiceConfig(const ServiceInput &in, ProblemSink &sink) const override;
};

} // namespace Labforge
