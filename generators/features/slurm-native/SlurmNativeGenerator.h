// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "FeatureGenerator.h"

#include <QStringList>

namespace Labforge {

struct Service;

// Slurm from Debian's packages (pinned versions), without Kubernetes. All members share
// one openfactory-slurm-native config but their role: the controller runs slurmctld in
// configless mode with its state on the storage node's NFS export and slurmrestd on a
// local socket; compute nodes run slurmd fetching the config from it; login nodes run
// sackd (no slurmd). Compute and login nodes share /home from the storage node.
class SlurmNativeGenerator : public FeatureGenerator
{
public:
    struct Settings
    {
        QString role;
        QString clusterName;
        QString controller;
        QStringList computes;
        QStringList logins;
        QString partition;
        QString nfsServer;
    };

    QString feature() const override { return QStringLiteral("slurm-native"); }
    FeatureOutput generate(const GeneratorContext &context) const override;

    static Settings settings(const Service &service);
    // slurm.conf but its node and partition lines, which the controller adds at boot.
    static QByteArray slurmConf(const Lab &lab, const Settings &settings, QStringList *errors);
    // "<node> <address>" per compute node, for those lines.
    static QByteArray computeNodes(const Lab &lab, const Settings &settings, QStringList *errors);
    static QByteArray cgroupConf();
    // slurmdbd.conf but StoragePass, which the controller adds at boot from the seed disk.
    static QByteArray slurmdbdConf(const Settings &settings);
    static QString healthCheckProgram() { return QStringLiteral("/usr/local/lib/openfactory/slurm-health-check.sh"); }
    static QString stateDirectory() { return QStringLiteral("/var/lib/slurm/slurmctld"); }
    static int slurmUid() { return 401; }

private:
    static void addAccounting(FeatureOutput &out, const GeneratorContext &context, const Settings &settings);
    static void addTokenApi(FeatureOutput &out);
    static void addAdoption(FeatureOutput &out, const GeneratorContext &context);
};

} // namespace Labforge
