// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Disk.h"
#include "FeatureInfo.h"

#include <QJsonObject>
#include <QList>

namespace Labforge {

struct Lab;
struct Node;
struct Service;
struct ValidationContext;
class ProblemSink;

// One recipe feature as the model knows it: its catalog entry (roles, packages, services,
// warnings, pinned components), the rules for the configs of its services, and the config
// the designer proposes when one of its services is added. Each feature subclasses it in
// its folder generators/features/<name>/, beside the generator that makes its files; the
// module list (generators/FeatureModules) pairs the two and installs the definitions in
// FeatureRegistry.
class FeatureDefinition
{
public:
    explicit FeatureDefinition(FeatureInfo info);
    virtual ~FeatureDefinition();
    FeatureDefinition(const FeatureDefinition &) = delete;
    FeatureDefinition &operator=(const FeatureDefinition &) = delete;

    const FeatureInfo &info() const { return m_info; }
    const QString &name() const { return m_info.name; }

    // What the validator passes for one declared service of this feature.
    struct ServiceInput
    {
        const Lab &lab;
        const Node &node;
        const Service &service;
        QString pointer; // JSON pointer of the service's config
        const ValidationContext &context;
    };
    // Checks the config of one of info().requiredServices on a node.
    virtual void checkServiceConfig(const ServiceInput &in, ProblemSink &sink) const;
    // The config proposed for `service` on `node` (empty when the feature has none to offer).
    virtual QJsonObject suggestedConfig(const QString &service, const Lab &lab, const Node &node,
                                        const ValidationContext &context) const;
    // Disks a new node of the feature needs beyond what it has (hpc-nfs: its data disk);
    // the designer adds them when it adds the node.
    virtual QList<Disk> suggestedDisks(const Lab &lab, const Node &node) const;
    // True when every member of one cluster carries the same config but its "role".
    virtual bool membersShareConfig() const { return false; }

    // Node `oldId` is now called `newId`: rewrite what the config of one of
    // info().requiredServices says about it (node id fields and lists). Only the feature
    // knows which of its config's fields name nodes; the default names none.
    virtual void renameNodeInConfig(QJsonObject &config, const QString &oldId, const QString &newId) const;
    // A network's CIDR changed from `oldCidr` to `newCidr` (its addresses moved with it):
    // rewrite the config's fields that name the network by its CIDR. The default has none.
    virtual void renumberNetworkInConfig(QJsonObject &config, const QString &oldCidr, const QString &newCidr) const;
    // Node `id` is gone from the lab: drop it from the config's lists of nodes (a field that
    // names only it is left, for the validator to name). The default names none.
    virtual void removeNodeFromConfig(QJsonObject &config, const QString &id) const;
    // `node` (as it is after the change) moved from `oldIp` to `newIp`: rewrite the config's
    // references to that address. The default has none.
    virtual void readdressNodeInConfig(QJsonObject &config, const Node &node, const QString &oldIp,
                                       const QString &newIp) const;

private:
    FeatureInfo m_info;
};

} // namespace Labforge
