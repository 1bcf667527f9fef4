// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QStringList>

namespace Labforge {

struct Lab;
struct Node;
struct Service;

// What the configs of cluster features (Slinky, native Slurm) are made from: the lab's
// nodes by role, and another member's config, which a new member shares but its role.
class ClusterMembers
{
public:
    // The first node of `role` that runs `feature`, and the ids of all such nodes: only
    // nodes that run a cluster's feature are its members.
    static QString firstOfRole(const Lab &lab, const QString &role, const QString &feature);
    static QJsonArray idsOfRole(const Lab &lab, const QString &role, const QString &feature);
    // The node that serves a lab-wide feature (chrony's time, the directory): the first node
    // with `feature` whose role is controller, else the first node with it; nullptr when none.
    static const Node *serverOf(const Lab &lab, const QString &feature);
    // The address of the first node with the hpc-nfs feature on the network it exports to
    // (its export_network), else its first address; empty without one.
    static QString nfsServer(const Lab &lab);
    // The service by which a node serves the lab's shared export (its NFS server feature's
    // first required service); null on a node that serves none.
    static const Service *nfsExports(const Node &node);
    // Another member's config of `service` with `node` as its role and added to the list its
    // role has in `listOfRole` (role -> config key); empty when no other node has the service.
    static QJsonObject fromAnotherMember(const QString &service, const Lab &lab, const Node &node,
                                         const QHash<QString, QString> &listOfRole);
    // `oldId` becomes `newId` in the fields `keys` of `config`, each a node id or a list of them.
    static void renameNode(QJsonObject &config, const QStringList &keys, const QString &oldId, const QString &newId);
    // `id` dropped from the lists among the fields `keys` of `config` (single ids stay).
    static void removeNode(QJsonObject &config, const QStringList &keys, const QString &id);
    // nfs_server follows the address of the NFS server (a node with hpc-nfs) it names.
    static void readdressNfsServer(QJsonObject &config, const Node &node, const QString &oldIp, const QString &newIp);
};

} // namespace Labforge
