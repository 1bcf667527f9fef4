// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "FeatureGenerator.h"
#include "PinnedArtifact.h"

#include <QJsonObject>

namespace Labforge {

// The openfactory-slinky-slurm service, role-aware. On the controller: Helm values
// for kube-prometheus-stack, the Slinky operator and the slurm chart, static NFS
// volumes and the install script. On the login host: the Slurm command wrappers.
class SlinkySlurmGenerator : public FeatureGenerator
{
public:
    // The Slinky settings a lab expresses, read from the service config.
    struct Settings
    {
        QString clusterName;
        QString controller;
        QStringList computes;
        QString login;
        QString observability;
        QString nfsServer;
        QString apiHost;
        // The lock's images for the three charts: the values name each one the lock lists by
        // its tag and, once pinned, its digest.
        QList<PinnedArtifact> images;
        // Extension hook, render-tested only: a GPU NodeSet with GRES (off in every built-in lab).
        bool gpuGresHook = false;
    };

    QString feature() const override { return QStringLiteral("slinky-slurm"); }
    FeatureOutput generate(const GeneratorContext &context) const override;

    static QJsonObject operatorValues(const Settings &s);
    static QJsonObject slurmValues(const Settings &s);
    static QJsonObject prometheusStackValues(const Settings &s);

    static constexpr const char *LoginSetKey = "ops";
    static constexpr const char *NodeSetKey = "cpu";
    static constexpr const char *ControllerClaim = "slurm-controller-state";
};

} // namespace Labforge
