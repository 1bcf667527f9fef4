// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "FeatureDefinition.h"

#include <QHash>
#include <QStringList>

namespace Labforge {

// What the two Slurm features (Slinky on Kubernetes, Slurm from Debian's packages) share:
// every member of the cluster carries one config but its "role"; a new member copies
// another's and joins the list of its role; the node id fields follow a rename and the NFS
// server's address follows a readdress. A subclass names its node fields and its role lists
// and proposes the config of the cluster's first member.
class SlurmClusterFeature : public FeatureDefinition
{
public:
    struct Members
    {
        QStringList nodeFields; // config keys holding a node id or a list of them
        QHash<QString, QString> listOfRole; // role -> config key of its member list
    };
    SlurmClusterFeature(FeatureInfo info, Members members);

    QJsonObject suggestedConfig(const QString &service, const Lab &lab, const Node &node,
                                const ValidationContext &context) const final;
    bool membersShareConfig() const final { return true; }
    void renameNodeInConfig(QJsonObject &config, const QString &oldId, const QString &newId) const final;
    void removeNodeFromConfig(QJsonObject &config, const QString &id) const final;
    void readdressNodeInConfig(QJsonObject &config, const Node &node, const QString &oldIp,
                               const QString &newIp) const final;

    // A Slurm cluster name from a lab's name: lower case, ASCII letters, digits and _,
    // starting with a letter, at most 40 characters.
    static QString clusterNameFor(const QString &labName);

protected:
    // The config of the cluster's first member (no other node has the service yet).
    virtual QJsonObject firstMemberConfig(const Lab &lab, const Node &node, const ValidationContext &context) const = 0;

private:
    Members m_members;
};

} // namespace Labforge
