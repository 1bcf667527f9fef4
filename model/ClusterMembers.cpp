// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "ClusterMembers.h"

#include "Catalog.h"
#include "Lab.h"

namespace Labforge {

const Node *ClusterMembers::serverOf(const Lab &lab, const QString &feature)
{
    const Node *first = nullptr;
    for (const Node &n : lab.nodes) {
        if (!n.recipe.hasFeature(feature))
            continue;
        if (n.role == QLatin1String("controller"))
            return &n;
        if (!first)
            first = &n;
    }
    return first;
}

QString ClusterMembers::firstOfRole(const Lab &lab, const QString &role, const QString &feature)
{
    for (const Node &n : lab.nodes) {
        if (n.role == role && n.recipe.hasFeature(feature))
            return n.id;
    }
    return {};
}

QJsonArray ClusterMembers::idsOfRole(const Lab &lab, const QString &role, const QString &feature)
{
    QJsonArray ids;
    for (const Node &n : lab.nodes) {
        if (n.role == role && n.recipe.hasFeature(feature))
            ids.append(n.id);
    }
    return ids;
}

const Service *ClusterMembers::nfsExports(const Node &node)
{
    for (const QString &name : node.recipe.features) {
        const FeatureInfo *f = Catalog::feature(name);
        if (f && f->nfsServer)
            return node.recipe.service(f->requiredServices.value(0));
    }
    return nullptr;
}

QString ClusterMembers::nfsServer(const Lab &lab)
{
    // Its address on the network it exports to (export_network), else its first.
    for (const Node &n : lab.nodes) {
        if (!Catalog::hasFeatureThatIs(n.recipe, &FeatureInfo::nfsServer))
            continue;
        const Service *exports = nfsExports(n);
        const QString cidr = exports ? exports->config.value(QStringLiteral("export_network")).toString() : QString();
        for (const NodeInterface &i : n.interfaces) {
            const Network *net = lab.network(i.network);
            if (net && net->cidr == cidr)
                return i.ip;
        }
        return n.ip();
    }
    return {};
}

QJsonObject ClusterMembers::fromAnotherMember(const QString &service, const Lab &lab, const Node &node,
                                              const QHash<QString, QString> &listOfRole)
{
    for (const Node &other : lab.nodes) {
        const Service *s = other.id == node.id ? nullptr : other.recipe.service(service);
        if (!s)
            continue;
        QJsonObject config = s->config;
        config.insert(QStringLiteral("role"), node.role);
        if (const QString list = listOfRole.value(node.role); !list.isEmpty()) {
            QJsonArray ids = config.value(list).toArray();
            if (!ids.contains(node.id))
                ids.append(node.id);
            config.insert(list, ids);
        }
        return config;
    }
    return {};
}

void ClusterMembers::renameNode(QJsonObject &config, const QStringList &keys, const QString &oldId,
                                const QString &newId)
{
    for (const QString &key : keys) {
        const QJsonValue value = config.value(key);
        if (value.isString() && value.toString() == oldId) {
            config.insert(key, newId);
        } else if (value.isArray()) {
            QJsonArray ids = value.toArray();
            for (qsizetype i = 0; i < ids.size(); ++i) {
                if (ids.at(i).isString() && ids.at(i).toString() == oldId)
                    ids.replace(i, newId);
            }
            config.insert(key, ids);
        }
    }
}

void ClusterMembers::removeNode(QJsonObject &config, const QStringList &keys, const QString &id)
{
    for (const QString &key : keys) {
        if (!config.value(key).isArray())
            continue;
        QJsonArray ids = config.value(key).toArray();
        for (qsizetype i = ids.size() - 1; i >= 0; --i) {
            if (ids.at(i).isString() && ids.at(i).toString() == id)
                ids.removeAt(i);
        }
        config.insert(key, ids);
    }
}

void ClusterMembers::readdressNfsServer(QJsonObject &config, const Node &node, const QString &oldIp,
                                        const QString &newIp)
{
    const QString key = QStringLiteral("nfs_server");
    if (Catalog::hasFeatureThatIs(node.recipe, &FeatureInfo::nfsServer) && config.value(key).toString() == oldIp)
        config.insert(key, newIp);
}

} // namespace Labforge
