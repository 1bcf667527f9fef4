// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "FeatureDefinition.h"
#include "RuleId.h"

namespace Labforge {

// hpc-nfs: an NFS server on a dedicated disk found by its serial (openfactory-hpc-nfs).
class HpcNfsFeature : public FeatureDefinition
{
public:
    // The rules it reports (RuleId enters each in Validator::ruleIds()).
    static inline const RuleId ServiceDiskSerial {"service.disk-serial"};
    static inline const RuleId ServiceExportNetwork {"service.export-network"};

    HpcNfsFeature();
    void checkServiceConfig(const ServiceInput &in, ProblemSink &sink) const override;
    QJsonObject suggestedConfig(const QString &service, const Lab &lab, const Node &node,
                                const ValidationContext &context) const override;
    QList<Disk> suggestedDisks(const Lab &lab, const Node &node) const override;
    void renumberNetworkInConfig(QJsonObject &config, const QString &oldCidr, const QString &newCidr) const override;
};

} // namespace Labforge
