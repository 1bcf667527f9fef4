// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "FeatureDefinition.h"

namespace Labforge {

// slinky-slurm: Slurm on Kubernetes through SchedMD Slinky (openfactory-slinky-slurm).
class SlinkySlurmFeature : public FeatureDefinition
{
public:
    SlinkySlurmFeature();
    void checkServiceConfig(const ServiceInput &in, ProblemSink &sink) const override;
    QJsonObject suggestedConfig(const QString &service, const Lab &lab, const Node &node,
                                const ValidationContext &context) const override;
    bool membersShareConfig() const override { return true; }
    void renameNodeInConfig(QJsonObject &config, const QString &oldId, const QString &newId) const override;
    void readdressNodeInConfig(QJsonObject &config, const Node &node, const QString &oldIp,
                               const QString &newIp) const override;
};

} // namespace Labforge
