#pragma once

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>

namespace Labforge {

struct Lab;
struct Node;

// What the configs of cluster features (Slinky, native Slurm) are made from: the lab's
// nodes by role, and another member's config, which a new member shares but its role.
class ClusterMembers
{
public:
    static QString firstOfRole(const Lab &lab, const QString &role);
    static QJsonArray idsOfRole(const Lab &lab, const QString &role);
    // The address of the first node with the hpc-nfs feature (empty without one).
    static QString nfsServer(const Lab &lab);
    // Another member's config of `service` with `node` as its role and added to the list its
    // role has in `listOfRole` (role -> config key); empty when no other node has the service.
    static QJsonObject fromAnotherMember(const QString &service, const Lab &lab, const Node &node,
                                         const QHash<QString, QString> &listOfRole);
};

} // namespace Labforge
