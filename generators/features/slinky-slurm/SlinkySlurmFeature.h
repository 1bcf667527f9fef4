// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "SlurmClusterFeature.h"

namespace Labforge {

// slinky-slurm: Slurm on Kubernetes through SchedMD Slinky (openfactory-slinky-slurm).
class SlinkySlurmFeature : public SlurmClusterFeature
{
public:
    SlinkySlurmFeature();
    void checkServiceConfig(const ServiceInput &in, ProblemSink &sink) const override;

protected:
    QJsonObject firstMemberConfig(const Lab &lab, const Node &node, const ValidationContext &context) const override;
};

} // namespace Labforge
