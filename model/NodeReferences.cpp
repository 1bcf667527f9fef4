// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "NodeReferences.h"

#include "FeatureRegistry.h"

namespace Labforge {

namespace {

// Calls `fn` with the owning feature of every declared service whose config it knows.
template<typename Fn>
void forEachFeatureConfig(Lab &lab, Fn fn)
{
    for (Node &n : lab.nodes) {
        for (Service &s : n.recipe.services) {
            if (const FeatureDefinition *owner = FeatureRegistry::instance().owningService(s.name))
                fn(*owner, s.config);
        }
    }
}

} // namespace

Lab NodeReferences::renamed(const Lab &lab, const QString &oldId, const QString &newId)
{
    if (oldId == newId || !lab.node(oldId) || lab.node(newId))
        return lab;
    Lab out = lab;
    for (Node &n : out.nodes) {
        if (n.id == oldId)
            n.id = newId;
    }
    if (out.kubernetes) {
        if (out.kubernetes->controller == oldId)
            out.kubernetes->controller = newId;
        for (QString &worker : out.kubernetes->workers) {
            if (worker == oldId)
                worker = newId;
        }
    }
    for (Scenario &s : out.scenarios) {
        for (ScenarioStep &step : s.steps) {
            if (step.node == oldId)
                step.node = newId;
        }
    }
    for (Link &l : out.links) {
        if (l.from == oldId)
            l.from = newId;
        if (l.to == oldId)
            l.to = newId;
    }
    forEachFeatureConfig(out, [&](const FeatureDefinition &feature, QJsonObject &config) {
        feature.renameNodeInConfig(config, oldId, newId);
    });
    return out;
}

Lab NodeReferences::readdressed(const Lab &lab, const QString &nodeId, const QString &oldIp, const QString &newIp)
{
    Lab out = lab;
    Node *node = out.node(nodeId);
    if (!node || oldIp == newIp)
        return lab;
    bool moved = false;
    for (NodeInterface &i : node->interfaces) {
        if (i.ip == oldIp) {
            i.ip = newIp;
            moved = true;
        }
    }
    if (!moved)
        return lab;
    if (oldIp.isEmpty())
        return out;
    for (Network &net : out.networks) {
        for (QString &dns : net.dnsServers) {
            if (dns == oldIp)
                dns = newIp;
        }
    }
    const Node after = *node;
    forEachFeatureConfig(out, [&](const FeatureDefinition &feature, QJsonObject &config) {
        feature.readdressNodeInConfig(config, after, oldIp, newIp);
    });
    return out;
}

} // namespace Labforge
