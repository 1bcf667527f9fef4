// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "FeatureDefinition.h"
#include "RuleId.h"

namespace Labforge {

// containerd: the container runtime with the pinned images its service lists, pulled by
// digest, or preloaded from an offline kit at first boot (openfactory-containerd).
class ContainerdFeature : public FeatureDefinition
{
public:
    // The rules it reports (RuleId enters each in Validator::ruleIds()).
    static inline const RuleId ServiceImageName {"service.image-name"};

    ContainerdFeature();
    void checkServiceConfig(const ServiceInput &in, ProblemSink &sink) const override;
};

} // namespace Labforge
