// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "NodeJoin.h"

#include "Catalog.h"
#include "Cidr.h"
#include "FeatureRegistry.h"
#include "Ipv4.h"
#include "JsonPointer.h"
#include "MembershipRules.h"
#include "NetworkLayout.h"
#include "RoleRegistry.h"
#include "ValidationContext.h"
#include "Validator.h"

#include <QLineF>
#include <QRectF>
#include <QRegularExpression>
#include <QSet>

#include <cmath>

namespace Labforge {

namespace {

// The feature that makes a node a Kubernetes member (kubeadm-lab).
QString memberFeature()
{
    return Catalog::featureThatIs(&FeatureInfo::kubernetesMember);
}

// Removes `feature` and every feature of the node that needs it (transitively), with
// the services they own.
QStringList dropFeature(Node &node, const QString &feature)
{
    QStringList gone {feature};
    for (bool more = true; more;) {
        more = false;
        for (const QString &f : std::as_const(node.recipe.features)) {
            const FeatureInfo *info = Catalog::feature(f);
            if (gone.contains(f) || !info)
                continue;
            for (const QString &needed : info->requiresFeatures) {
                if (gone.contains(needed)) {
                    gone.append(f);
                    more = true;
                    break;
                }
            }
        }
    }
    for (const QString &f : std::as_const(gone)) {
        node.recipe.features.removeAll(f);
        if (const FeatureInfo *info = Catalog::feature(f)) {
            node.recipe.services.removeIf([&](const Service &s) { return info->requiredServices.contains(s.name); });
        }
    }
    return gone;
}

// The feature of `node` a problem on it comes from: the owner of the service it points
// into, else the feature it names.
QString culprit(const Lab &lab, const Node &node, const Problem &problem)
{
    // By where the problem points (messages are translated; pointers and rule ids are not).
    const QStringList tokens = JsonPointer::tokens(problem.pointer);
    const bool onNode = tokens.value(0) == QLatin1String("nodes") && tokens.value(1).toInt() == lab.nodeIndex(node.id)
        && tokens.value(2) == QLatin1String("recipe");
    const int index = tokens.value(4).toInt();
    if (onNode && tokens.value(3) == QLatin1String("services") && index < node.recipe.services.size()) {
        if (const FeatureDefinition *owner =
                FeatureRegistry::instance().owningService(node.recipe.services.at(index).name))
            return owner->name();
    }
    if (onNode && tokens.value(3) == QLatin1String("features") && index < node.recipe.features.size())
        return node.recipe.features.at(index);
    if (problem.rule.startsWith(QLatin1String("kubernetes.")) && node.recipe.hasFeature(memberFeature()))
        return memberFeature();
    // Else a feature the message names (feature names are never translated).
    for (const QString &f : node.recipe.features) {
        const QRegularExpression word(
            QStringLiteral("(^|[^a-z0-9-])%1($|[^a-z0-9-])").arg(QRegularExpression::escape(f)));
        if (word.match(problem.message).hasMatch())
            return f;
    }
    return {};
}

// The lab's own joining: plan, services, warnings; no pruning but Kubernetes without a plan
// to join (in *leftOff, with the features that need it).
void join(Lab &lab, const QString &id, const ValidationContext &context, QList<NodeJoin::LeftOff> *leftOff = nullptr)
{
    Node *node = lab.node(id);
    if (node->recipe.hasFeature(memberFeature())) {
        if (!lab.kubernetes && node->role == QLatin1String("controller")) {
            lab.kubernetes = NodeJoin::suggestedPlan(lab, id, context);
        } else if (!lab.kubernetes) {
            for (const QString &gone : dropFeature(*node, memberFeature())) {
                if (leftOff)
                    leftOff->append(NodeJoin::LeftOff {
                        id, gone,
                        QStringLiteral("the lab has no Kubernetes plan to join yet (a controller starts one)")});
            }
        } else if (lab.kubernetes->controller.isEmpty() && node->role == QLatin1String("controller")) {
            lab.kubernetes->controller = id;
        } else if (!lab.kubernetes->members().contains(id)) {
            lab.kubernetes->workers.append(id);
        }
    }
    for (const QString &feature : QStringList(node->recipe.features)) {
        const FeatureInfo *info = Catalog::feature(feature);
        for (const QString &service : info ? info->requiredServices : QStringList()) {
            if (!lab.node(id)->recipe.service(service))
                NodeJoin::addService(lab, id, service, context);
        }
    }
    NodeJoin::refreshRequiredWarnings(lab);
}

// The lab with `node` added on free addresses and joined (plan, services, warnings); what
// then fails on the node goes with the feature it comes from, so that adding never adds
// an error (a problem that names no feature of the node stays for the user to see).
Lab settled(const Lab &lab, Node node, const ValidationContext &context, QString *id, QList<NodeJoin::LeftOff> *leftOff)
{
    QList<NodeJoin::LeftOff> unplanned; // what the last join left out for want of a plan
    const auto placed = [&](const Node &candidate) {
        Lab grown = lab;
        grown.nodes.append(candidate);
        for (NodeInterface &i : grown.nodes.last().interfaces)
            i.ip = NodeJoin::freeAddress(grown, i.network);
        unplanned.clear();
        join(grown, candidate.id, context, &unplanned);
        return grown;
    };
    Lab out = placed(node);

    // What still fails on the new node goes, with the feature it comes from; a problem
    // that names no feature of the node stays for the user to see.
    const auto errorsOf = [&](const Lab &l) {
        Problems mine;
        for (const Problem &p : Validator::validate(l, context)) {
            if (p.isError() && p.nodeId == node.id)
                mine.append(p);
        }
        return mine;
    };
    for (int round = 0; round < 8; ++round) {
        const Problems errors = errorsOf(out);
        QString feature, why;
        for (const Problem &p : errors) {
            feature = culprit(out, *out.node(node.id), p);
            why = p.message;
            if (!feature.isEmpty())
                break;
        }
        if (feature.isEmpty())
            break;
        // Start again from the lab as it was, without that feature: no half-joined plan or
        // shared config stays behind.
        Node pruned = node;
        for (const QString &gone : dropFeature(pruned, feature)) {
            if (leftOff)
                leftOff->append(NodeJoin::LeftOff {node.id, gone, why});
        }
        node = pruned;
        out = placed(node);
    }
    if (leftOff)
        *leftOff += unplanned;
    if (id)
        *id = node.id;
    return out;
}

// `lab` with every feature of `wanted` on its node, then each such node joined (controllers
// first: a controller starts the Kubernetes plan the others join).
Lab withAllOf(const Lab &lab, const QList<NodeJoin::LeftOff> &wanted, const ValidationContext &context)
{
    Lab out = lab;
    QStringList nodes;
    for (const NodeJoin::LeftOff &w : wanted) {
        Node *node = out.node(w.node);
        if (!node || node->recipe.hasFeature(w.feature))
            continue;
        node->recipe.features.append(w.feature);
        if (!nodes.contains(w.node))
            nodes.append(w.node);
    }
    std::stable_sort(nodes.begin(), nodes.end(), [&](const QString &a, const QString &b) {
        return out.node(a)->role == QLatin1String("controller") && out.node(b)->role != QLatin1String("controller");
    });
    for (const QString &id : std::as_const(nodes))
        join(out, id, context);
    return out;
}

} // namespace

QPointF NodeJoin::freePosition(const Lab &lab, QPointF wanted, qreal grid)
{
    const QSizeF size = Catalog::nodeSize();
    // Clear of the other cards and of every bus with its label: of the bus's whole height across
    // the canvas, as a bus grows to reach the lines of the nodes on it.
    QList<QRectF> taken;
    for (const Node &n : lab.nodes)
        taken.append(QRectF(n.position, size));
    for (const QLineF &bus : NetworkLayout::buses(lab)) {
        const QRectF area = NetworkLayout::area(bus);
        taken.append(QRectF(-1e6, area.top(), 2e6, area.height()));
    }
    const auto isFree = [&](QPointF at) {
        const QRectF card = QRectF(at, size).adjusted(-grid, -grid, grid, grid);
        return std::none_of(taken.cbegin(), taken.cend(), [&](const QRectF &r) { return card.intersects(r); });
    };
    // Rings of grid steps around `wanted`, the nearest (by distance) first in each ring.
    for (int ring = 0; ring <= 200; ++ring) {
        QList<QPointF> candidates;
        for (int dx = -ring; dx <= ring; ++dx) {
            for (int dy = -ring; dy <= ring; ++dy) {
                if (std::max(std::abs(dx), std::abs(dy)) == ring)
                    candidates.append(wanted + QPointF(dx * grid, dy * grid));
            }
        }
        std::sort(candidates.begin(), candidates.end(),
                  [&](QPointF a, QPointF b) { return QLineF(wanted, a).length() < QLineF(wanted, b).length(); });
        for (const QPointF &at : std::as_const(candidates)) {
            if (isFree(at))
                return at;
        }
    }
    return wanted;
}

QString NodeJoin::nextId(const Lab &lab, const QString &stem, bool numbered)
{
    QString base = stem.isEmpty() ? QStringLiteral("node") : stem;
    const QRegularExpression withNumber(
        QRegularExpression::anchoredPattern(QStringLiteral("%1-(\\d+)")).arg(QRegularExpression::escape(base)));
    int highest = 0;
    for (const Node &n : lab.nodes) {
        if (const auto m = withNumber.match(n.id); m.hasMatch())
            highest = std::max(highest, m.captured(1).toInt());
    }
    if (highest == 0 && !lab.node(base))
        return numbered ? base + QStringLiteral("-1") : base;
    for (int i = std::max(2, highest + 1);; ++i) {
        QString candidate = QStringLiteral("%1-%2").arg(base).arg(i);
        if (!lab.node(candidate))
            return candidate;
    }
}

QString NodeJoin::freeSerial(const Lab &lab, const QString &serial, bool asIs)
{
    QSet<QString> used;
    for (const Node &n : lab.nodes) {
        for (const Disk &d : n.disks)
            used.insert(d.serial);
    }
    if (asIs && !used.contains(serial))
        return serial;
    for (int i = 2;; ++i) {
        const QString suffix = QStringLiteral("-%1").arg(i);
        QString candidate = serial.left(Catalog::MaxDiskSerialLength - int(suffix.size())) + suffix;
        if (!used.contains(candidate))
            return candidate;
    }
}

QString NodeJoin::freeAddress(const Lab &lab, const QString &network)
{
    const Network *net = lab.network(network);
    const auto cidr = net ? Cidr::parse(net->cidr) : std::nullopt;
    if (!cidr)
        return {};
    QSet<quint32> used;
    for (const Node &n : lab.nodes) {
        for (const NodeInterface &i : n.interfaces) {
            if (const auto ip = Ipv4::parse(i.ip))
                used.insert(*ip);
        }
    }
    if (const auto gw = Ipv4::parse(net->gateway))
        used.insert(*gw);
    // Start at .10 like the built-in labs; fall back to the first free host address.
    for (quint32 offset : {10u, 1u}) {
        for (quint32 a = cidr->network() + offset; a < cidr->broadcast(); ++a) {
            if (!used.contains(a))
                return Ipv4::format(a);
        }
    }
    return {};
}

KubernetesIntent NodeJoin::suggestedPlan(const Lab &lab, const QString &controller, const ValidationContext &context)
{
    // The first of the usual subnets that overlaps no lab network and not the other one.
    const auto firstFree = [&](const QStringList &candidates, const QString &taken) {
        for (const QString &candidate : candidates) {
            const auto cidr = Cidr::parse(candidate);
            bool clash = !cidr;
            for (const Network &net : lab.networks) {
                const auto other = Cidr::parse(net.cidr);
                clash = clash || (other && cidr->overlaps(*other));
            }
            if (const auto other = Cidr::parse(taken))
                clash = clash || cidr->overlaps(*other);
            if (!clash)
                return candidate;
        }
        return candidates.first();
    };
    KubernetesIntent k;
    k.version = context.pinnedVersions.value(QStringLiteral("kubernetes"));
    k.controller = controller;
    k.podCidr = firstFree(
        {QStringLiteral("10.244.0.0/16"), QStringLiteral("10.200.0.0/16"), QStringLiteral("172.30.0.0/16")}, {});
    k.serviceCidr = firstFree(
        {QStringLiteral("10.96.0.0/12"), QStringLiteral("10.112.0.0/16"), QStringLiteral("172.31.0.0/16")}, k.podCidr);
    return k;
}

void NodeJoin::addService(Lab &lab, const QString &nodeId, const QString &service, const ValidationContext &context)
{
    const FeatureDefinition *owner = FeatureRegistry::instance().owningService(service);
    Node *node = lab.node(nodeId);
    if (!node || !owner)
        return;
    const QJsonObject config = owner->suggestedConfig(service, lab, *node, context);
    node->recipe.services.removeIf([&](const Service &s) { return s.name == service; });
    node->recipe.services.append(Service {service, true, config});
    if (!owner->membersShareConfig())
        return;
    for (Node &other : lab.nodes) {
        for (Service &s : other.recipe.services) {
            if (s.name != service || other.id == nodeId)
                continue;
            QJsonObject shared = config;
            if (s.config.contains(QStringLiteral("role")))
                shared.insert(QStringLiteral("role"), s.config.value(QStringLiteral("role")));
            s.config = shared;
        }
    }
}

void NodeJoin::refreshRequiredWarnings(Lab &lab)
{
    for (const Node &n : lab.nodes) {
        for (const QString &feature : n.recipe.features) {
            const FeatureInfo *info = Catalog::feature(feature);
            for (const QString &id : info ? info->requiredWarnings : QStringList()) {
                const bool present = std::any_of(lab.warnings.begin(), lab.warnings.end(),
                                                 [&](const LabWarning &w) { return w.id == id; });
                if (!present)
                    lab.warnings.append(LabWarning {id, {}});
            }
        }
    }
    refreshRequiredWarningTexts(lab);
}

void NodeJoin::refreshRequiredWarningTexts(Lab &lab)
{
    for (LabWarning &w : lab.warnings) {
        if (Catalog::requiredWarningIds().contains(w.id))
            w.text = Catalog::requiredWarningText(w.id, lab);
    }
}

Lab NodeJoin::withNewNode(const Lab &lab, const QString &role, QPointF position, const ValidationContext &context,
                          QString *id, QList<LeftOff> *leftOff)
{
    const RoleInfo *info = RoleRegistry::role(role);
    Node node;
    node.id = nextId(lab, info ? info->idStem : QStringLiteral("node"), info && info->numbered);
    node.role = role;
    node.position = position;
    const Node *sibling = nullptr;
    for (const Node &n : lab.nodes) {
        if (n.role == role) {
            sibling = &n;
            break;
        }
    }
    if (sibling) {
        node.kind = sibling->kind;
        node.recipe = sibling->recipe;
        node.recipe.services.clear();
        for (Disk disk : sibling->disks) {
            if (!disk.serial.isEmpty())
                disk.serial = freeSerial(lab, disk.serial);
            node.disks.append(disk);
        }
        for (const NodeInterface &i : sibling->interfaces)
            node.interfaces.append(NodeInterface {i.network, {}});
        // What the siblings were added without (or run without) is offered for this one too.
        for (const QString &f : Catalog::defaultFeatures(role)) {
            if (leftOff && !node.recipe.hasFeature(f))
                leftOff->append(LeftOff {
                    node.id, f, QStringLiteral("%1, whose recipe it takes, runs without it").arg(sibling->id)});
        }
    } else {
        node.recipe.features = Catalog::defaultFeatures(role);
        node.recipe.minMemoryGb = info ? info->defaultMinMemoryGb : 1;
        node.recipe.minCpu = info ? info->defaultMinCpu : 1;
        node.recipe.users.append(User {QStringLiteral("ops"), true, true});
        if (!lab.networks.isEmpty())
            node.interfaces.append(NodeInterface {lab.networks.first().name, {}});
    }
    for (const QString &feature : node.recipe.features) {
        if (const FeatureDefinition *definition = FeatureRegistry::instance().feature(feature)) {
            for (Disk disk : definition->suggestedDisks(lab, node)) {
                disk.serial = freeSerial(lab, disk.serial, true);
                node.disks.append(disk);
            }
        }
    }
    return settled(lab, node, context, id, leftOff);
}

namespace {

const Node *firstOfRole(const Lab &lab, const QString &role)
{
    const auto it = std::find_if(lab.nodes.cbegin(), lab.nodes.cend(), [&](const Node &n) { return n.role == role; });
    return it == lab.nodes.cend() ? nullptr : &*it;
}

QStringList clusterFeatures(const Node &node)
{
    QStringList out;
    for (const QString &f : node.recipe.features) {
        if (MembershipRules::isClusterFeature(f))
            out.append(f);
    }
    out.sort();
    return out;
}

} // namespace

bool NodeJoin::recipeFromAnotherLab(const Lab &lab, const Node &node)
{
    const Node *sibling = firstOfRole(lab, node.role);
    return sibling && clusterFeatures(*sibling) != clusterFeatures(node);
}

Lab NodeJoin::withCopiedNode(const Lab &lab, Node copy, QPointF position, const ValidationContext &context, QString *id,
                             Recipe recipe)
{
    if (const Node *sibling = firstOfRole(lab, copy.role); sibling && recipe == Recipe::Labs) {
        copy.kind = sibling->kind;
        copy.recipe = sibling->recipe;
        copy.recipe.services.clear();
        copy.disks = sibling->disks;
    }
    // A copy of compute-1 is the lab's next compute, not compute-1-2; a free id stays.
    if (lab.node(copy.id) || copy.id.isEmpty())
        copy.id = nextId(lab, copy.id.section(QRegularExpression(QStringLiteral("-\\d+\\z")), 0, 0));
    copy.position = position;
    // Its interfaces on this lab's networks (a foreign one becomes the lab's first), once each.
    QList<NodeInterface> interfaces;
    for (NodeInterface i : copy.interfaces) {
        if (!lab.network(i.network)) {
            if (lab.networks.isEmpty())
                continue;
            i.network = lab.networks.first().name;
        }
        if (std::none_of(interfaces.cbegin(), interfaces.cend(),
                         [&](const NodeInterface &o) { return o.network == i.network; }))
            interfaces.append(NodeInterface {i.network, {}});
    }
    copy.interfaces = interfaces;
    for (Disk &disk : copy.disks) {
        if (!disk.serial.isEmpty())
            disk.serial = freeSerial(lab, disk.serial);
    }
    // A shared-config service (Slurm) is this lab's cluster's, given again by the join; the
    // node's own services keep their configs.
    copy.recipe.services.removeIf([](const Service &s) {
        const FeatureDefinition *owner = FeatureRegistry::instance().owningService(s.name);
        return owner && owner->membersShareConfig();
    });
    return settled(lab, copy, context, id, nullptr);
}

Lab NodeJoin::withFeaturesEnabled(const Lab &lab, const QList<LeftOff> &wanted, const ValidationContext &context,
                                  QList<LeftOff> *enabled)
{
    const auto errors = [&](const Lab &l) {
        int n = 0;
        for (const Problem &p : Validator::validate(l, context))
            n += p.isError() ? 1 : 0;
        return n;
    };
    Lab out = lab;
    QList<LeftOff> left = wanted;
    // All at once first: the members of a cluster name each other (a controller's Slurm
    // lists the computes that run Slurm, a compute's names the controller), so one at a
    // time none of them may land.
    if (Lab together = withAllOf(lab, wanted, context); errors(together) <= errors(lab) && together != lab) {
        for (const LeftOff &w : wanted) {
            const Node *node = together.node(w.node);
            if (enabled && node && node->recipe.hasFeature(w.feature)
                && !lab.node(w.node)->recipe.hasFeature(w.feature))
                enabled->append(w);
        }
        return together;
    }
    // Rounds, as one feature may need another left off with it (Slurm needs MUNGE).
    for (bool progress = true; progress && !left.isEmpty();) {
        progress = false;
        const int before = errors(out);
        for (qsizetype k = 0; k < left.size(); ++k) {
            const LeftOff &w = left.at(k);
            const Node *node = out.node(w.node);
            if (!node || node->recipe.hasFeature(w.feature)) {
                left.removeAt(k--);
                continue;
            }
            Lab candidate = out;
            for (Node &n : candidate.nodes) {
                if (n.id == w.node)
                    n.recipe.features.append(w.feature);
            }
            join(candidate, w.node, context);
            // Still without it after the join (no plan to join), or with more errors: not yet.
            if (!candidate.node(w.node)->recipe.hasFeature(w.feature) || errors(candidate) > before)
                continue;
            out = candidate;
            if (enabled)
                enabled->append(w);
            left.removeAt(k--);
            progress = true;
        }
    }
    return out;
}

} // namespace Labforge
