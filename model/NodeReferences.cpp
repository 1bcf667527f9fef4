// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "NodeReferences.h"

#include "Cidr.h"
#include "FeatureRegistry.h"
#include "Ipv4.h"
#include "NodeJoin.h"

#include <QRegularExpression>
#include <QSet>

namespace Labforge {

namespace {

// `text` with every whole occurrence of `from` (not part of a longer name or address) as `to`.
bool replaceWhole(QString &text, const QString &from, const QString &to, const QString &around)
{
    const QRegularExpression word(QStringLiteral("(?<![%1])%2(?![%1])").arg(around, QRegularExpression::escape(from)));
    const QString before = text;
    text.replace(word, to);
    return text != before;
}

// The steps' commands, expectations and descriptions with `from` (a node id or an address) as
// `to`; the steps changed ("scenario/step") in *hits.
void replaceInSteps(Lab &lab, const QString &from, const QString &to, const QString &around, QStringList *hits)
{
    for (Scenario &s : lab.scenarios) {
        for (ScenarioStep &step : s.steps) {
            bool changed = replaceWhole(step.assertion.command, from, to, around);
            changed = replaceWhole(step.description, from, to, around) || changed;
            for (std::optional<QString> *field :
                 {&step.assertion.expect.equals, &step.assertion.expect.contains, &step.assertion.expect.matches}) {
                if (field->has_value())
                    changed = replaceWhole(**field, from, to, around) || changed;
            }
            if (changed && hits)
                hits->append(s.name + u'/' + step.id);
        }
    }
}

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

Lab NodeReferences::renamed(const Lab &lab, const QString &oldId, const QString &newId, QStringList *textHits)
{
    if (oldId == newId || !lab.node(oldId) || lab.node(newId))
        return lab;
    Lab out = lab;
    for (Node &n : out.nodes) {
        if (n.id == oldId)
            n.id = newId;
    }
    // Renamed back: the id it had a moment ago was never written anywhere else.
    const bool back = out.formerNodeIds.removeAll(newId) > 0;
    if (!back && !out.formerNodeIds.contains(oldId))
        out.formerNodeIds.append(oldId);
    // Where the old ids went: every rename that ended at oldId now ends at newId; one that is a
    // node's id again (newId, or renamed back) stands no more.
    for (QString &to : out.renamedNodeIds) {
        if (to == oldId)
            to = newId;
    }
    if (!back)
        out.renamedNodeIds.insert(oldId, newId);
    out.renamedNodeIds.remove(newId);
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
            if (step.assertion.link.peer == oldId)
                step.assertion.link.peer = newId;
        }
    }
    replaceInSteps(out, oldId, newId, QStringLiteral("A-Za-z0-9_-"), textHits);
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

Lab NodeReferences::renumbered(const Lab &lab, const QString &name, const QString &newCidr, QString *why)
{
    const Network *network = lab.network(name);
    const auto from = network ? Cidr::parse(network->cidr) : std::nullopt;
    QString error;
    const auto to = Cidr::parse(newCidr, &error);
    const auto refuse = [&](const QString &reason) {
        if (why)
            *why = reason;
        return lab;
    };
    if (!network || !from)
        return refuse(QStringLiteral("network %1 has no CIDR to renumber from").arg(name));
    if (!to)
        return refuse(error);
    for (const Network &other : lab.networks) {
        const auto cidr = Cidr::parse(other.cidr);
        if (other.name != name && cidr && (to->contains(cidr->network()) || cidr->contains(to->network())))
            return refuse(QStringLiteral("%1 overlaps network %2 (%3)").arg(newCidr, other.name, other.cidr));
    }
    // An address of the old range at the same host part of the new one; nullopt when it does not fit.
    const auto moved = [&](const QString &ip) -> std::optional<QString> {
        const auto address = Ipv4::parse(ip);
        if (!address || !from->contains(*address))
            return ip;
        const quint32 host = *address - from->network();
        if (host >= to->broadcast() - to->network())
            return std::nullopt;
        return Ipv4::format(to->address(host));
    };
    Lab out = lab;
    for (const Node &n : lab.nodes) {
        for (const NodeInterface &i : n.interfaces) {
            if (i.network != name || i.ip.isEmpty())
                continue;
            const auto ip = moved(i.ip);
            if (!ip)
                return refuse(QStringLiteral("%1's address %2 has no place in %3").arg(n.id, i.ip, newCidr));
            out = readdressed(out, n.id, i.ip, *ip);
        }
    }
    Network &net =
        *std::find_if(out.networks.begin(), out.networks.end(), [&](const Network &n) { return n.name == name; });
    if (!net.gateway.isEmpty()) {
        const auto gateway = moved(net.gateway);
        if (!gateway)
            return refuse(QStringLiteral("the gateway %1 has no place in %2").arg(net.gateway, newCidr));
        net.gateway = *gateway;
    }
    for (Network &n : out.networks) {
        for (QString &dns : n.dnsServers)
            dns = moved(dns).value_or(dns);
    }
    const QString oldCidr = net.cidr;
    net.cidr = to->toString();
    forEachFeatureConfig(out, [&](const FeatureDefinition &feature, QJsonObject &config) {
        feature.renumberNetworkInConfig(config, oldCidr, net.cidr);
    });
    if (why)
        why->clear();
    return out;
}

Lab NodeReferences::withoutNodes(const Lab &lab, const QStringList &ids, QStringList *removedSteps)
{
    Lab out = lab;
    QList<Node> gone;
    for (const Node &n : lab.nodes) {
        if (ids.contains(n.id))
            gone.append(n);
    }
    out.nodes.removeIf([&](const Node &n) { return ids.contains(n.id); });
    recordRemoval(out, gone);
    return withoutReferencesTo(out, ids, removedSteps);
}

void NodeReferences::recordRemoval(Lab &lab, const QList<Node> &gone)
{
    QMap<QString, int> before;
    const auto count = [&](const Node &n) {
        before[QString()] += 1;
        before[QStringLiteral("role=") + n.role] += 1;
        for (const QString &f : n.recipe.features)
            before[QStringLiteral("feature=") + f] += 1;
    };
    for (const Node &n : gone) {
        if (!lab.formerNodeIds.contains(n.id))
            lab.formerNodeIds.append(n.id);
        // A rename that ended at a node gone has no node to offer any more.
        lab.renamedNodeIds.removeIf([&n](const auto &rename) { return rename.value() == n.id; });
    }
    QSet<QString> touched;
    for (const Node &n : gone) {
        count(n);
        touched.insert(QString());
        touched.insert(QStringLiteral("role=") + n.role);
        for (const QString &f : n.recipe.features)
            touched.insert(QStringLiteral("feature=") + f);
    }
    for (const Node &n : lab.nodes)
        count(n);
    for (const QString &key : std::as_const(touched)) {
        if (!lab.formerCounts.contains(key))
            lab.formerCounts.insert(key, before.value(key));
    }
}

Lab NodeReferences::withoutReferencesTo(const Lab &lab, const QStringList &removed, QStringList *removedSteps)
{
    Lab out = lab;
    // An id another node still has (a file that names two nodes alike) keeps its references.
    QStringList ids;
    for (const QString &id : removed) {
        if (!lab.node(id))
            ids.append(id);
    }
    if (ids.isEmpty())
        return out;
    if (out.kubernetes)
        out.kubernetes->workers.removeIf([&](const QString &w) { return ids.contains(w); });
    for (Scenario &s : out.scenarios) {
        s.steps.removeIf([&](const ScenarioStep &step) {
            const bool gone = ids.contains(step.node) || ids.contains(step.assertion.link.peer);
            if (gone && removedSteps)
                removedSteps->append(s.name + u'/' + step.id);
            return gone;
        });
    }
    out.links.removeIf([&](const Link &l) { return ids.contains(l.from) || ids.contains(l.to); });
    forEachFeatureConfig(out, [&](const FeatureDefinition &feature, QJsonObject &config) {
        for (const QString &id : ids)
            feature.removeNodeFromConfig(config, id);
    });
    NodeJoin::refreshRequiredWarningTexts(out); // their wording counts nodes
    return out;
}

Lab NodeReferences::readdressed(const Lab &lab, const QString &nodeId, const QString &oldIp, const QString &newIp,
                                QStringList *textHits)
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
    replaceInSteps(out, oldIp, newIp, QStringLiteral("0-9."), textHits);
    return out;
}

} // namespace Labforge
