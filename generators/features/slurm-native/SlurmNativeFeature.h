// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "SlurmClusterFeature.h"

namespace Labforge {

// slurm-native: Slurm from Debian's packages, role-driven (openfactory-slurm-native).
class SlurmNativeFeature : public SlurmClusterFeature
{
public:
    SlurmNativeFeature();
    void checkServiceConfig(const ServiceInput &in, ProblemSink &sink) const override;

protected:
    QJsonObject firstMemberConfig(const Lab &lab, const Node &node, const ValidationContext &context) const override;
};

} // namespace Labforge
