// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "SlurmClusterFeature.h"

#include "ClusterMembers.h"

#include <utility>

namespace Labforge {

SlurmClusterFeature::SlurmClusterFeature(FeatureInfo info, Members members)
    : FeatureDefinition(std::move(info))
    , m_members(std::move(members))
{ }

QJsonObject SlurmClusterFeature::suggestedConfig(const QString &service, const Lab &lab, const Node &node,
                                                 const ValidationContext &context) const
{
    if (QJsonObject shared = ClusterMembers::fromAnotherMember(service, lab, node, m_members.listOfRole);
        !shared.isEmpty())
        return shared;
    return firstMemberConfig(lab, node, context);
}

void SlurmClusterFeature::renameNodeInConfig(QJsonObject &config, const QString &oldId, const QString &newId) const
{
    ClusterMembers::renameNode(config, m_members.nodeFields, oldId, newId);
}

void SlurmClusterFeature::removeNodeFromConfig(QJsonObject &config, const QString &id) const
{
    ClusterMembers::removeNode(config, m_members.nodeFields, id);
}

void SlurmClusterFeature::readdressNodeInConfig(QJsonObject &config, const Node &node, const QString &oldIp,
                                                const QString &newIp) const
{
    ClusterMembers::readdressNfsServer(config, node, oldIp, newIp);
}

QString SlurmClusterFeature::clusterNameFor(const QString &labName)
{
    QString name;
    for (const QChar ch : labName.toLower())
        name += (ch.isLetterOrNumber() && ch.unicode() < 128) ? ch : QLatin1Char('_');
    if (name.isEmpty() || !name.at(0).isLetter())
        name.prepend(QStringLiteral("lab_"));
    return name.left(40);
}

} // namespace Labforge
