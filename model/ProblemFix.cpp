// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "ProblemFix.h"

#include "Catalog.h"
#include "FeatureRegistry.h"
#include "JsonPointer.h"
#include "KubernetesRules.h"
#include "LinkEdits.h"
#include "LinkRules.h"
#include "MembershipRules.h"
#include "NodeJoin.h"
#include "NodeReferences.h"
#include "ServiceConfigCheck.h"
#include "ServiceRules.h"
#include "StepTextFix.h"
#include "TopologyRules.h"
#include "ValidatorText.h"
#include "WarningRules.h"

#include <QJsonArray>

namespace Labforge {

namespace {

// The index of the node a pointer is under (/nodes/<i>/…), else -1.
int nodeIndexOf(const QStringList &tokens)
{
    return tokens.value(0) == QLatin1String("nodes") ? tokens.value(1).toInt() : -1;
}

// The fix of a node a cluster's config names but that is no member: turned into one (its
// feature on, joined as a drop joins it; a Kubernetes worker) when that lands without new
// errors, else taken off every member's lists.
bool fixMember(ProblemFix::Fix &fix, const Node &owner, const QStringList &tokens, const ValidationContext &context)
{
    const Service *service = owner.recipe.service(owner.recipe.services.value(tokens.value(4).toInt()).name);
    const FeatureDefinition *feature = service ? FeatureRegistry::instance().owningService(service->name) : nullptr;
    const QJsonValue value = service ? service->config.value(tokens.value(6)) : QJsonValue();
    const QString member = value.isArray() ? value.toArray().at(tokens.value(7).toInt()).toString() : value.toString();
    const Node *node = fix.lab.node(member);
    if (!feature || !node)
        return false;
    if (!node->recipe.hasFeature(feature->name())) {
        QList<NodeJoin::LeftOff> wanted {{member, feature->name(), {}}};
        for (const QString &required : feature->info().requiresFeatures)
            wanted.append({member, required, {}});
        const Lab on = NodeJoin::withFeaturesEnabled(fix.lab, wanted, context, nullptr);
        if (on.node(member)->recipe.hasFeature(feature->name())) {
            fix.lab = on;
            fix.label = ValidatorText::tr("Turn on %1 on node \"%2\"").arg(feature->name(), member);
            return true;
        }
    } else if (fix.lab.kubernetes && !fix.lab.kubernetes->members().contains(member)) {
        fix.lab.kubernetes->workers.append(member);
        fix.label = ValidatorText::tr("Add node \"%1\" to plan.kubernetes's workers").arg(member);
        return true;
    }
    for (Node &n : fix.lab.nodes) {
        for (Service &s : n.recipe.services) {
            if (s.name == service->name)
                feature->removeNodeFromConfig(s.config, member);
        }
    }
    fix.label = ValidatorText::tr("Take node \"%1\" off the %2 member lists").arg(member, service->name);
    return true;
}

// The fix of a node that lacks features it should run (`features`, in that order): turned
// on and joined as a drop joins them, where that lands without new errors.
bool fixFeatures(ProblemFix::Fix &fix, const Node &node, const QStringList &features, const ValidationContext &context)
{
    QList<NodeJoin::LeftOff> wanted;
    for (const QString &f : features)
        wanted.append({node.id, f, {}});
    const Lab on = NodeJoin::withFeaturesEnabled(fix.lab, wanted, context, nullptr);
    const Node *after = on.node(node.id);
    if (!after || !std::all_of(features.cbegin(), features.cend(), [&](const QString &f) {
            return after->recipe.hasFeature(f);
        }))
        return false;
    fix.lab = on;
    fix.label = ValidatorText::tr("Turn on %1 on node \"%2\"").arg(features.join(QStringLiteral(", ")), node.id);
    return true;
}

// A Kubernetes member without the feature that makes it one (kubeadm-lab): the feature turned
// on where its role may run it, else the node taken out of the plan's workers.
bool fixMemberWithoutFeature(ProblemFix::Fix &fix, const Node &node, const ValidationContext &context)
{
    const QString kubeadm = Catalog::featureThatIs(&FeatureInfo::kubernetesMember);
    const FeatureInfo *info = Catalog::feature(kubeadm);
    if (info && info->allowsRole(node.role) && fixFeatures(fix, node, {kubeadm}, context))
        return true;
    if (!fix.lab.kubernetes || !fix.lab.kubernetes->workers.contains(node.id))
        return false;
    fix.lab.kubernetes->workers.removeAll(node.id);
    fix.label = ValidatorText::tr("Take node \"%1\" out of plan.kubernetes's workers").arg(node.id);
    return true;
}

// A feature that needs others the node lacks (/nodes/<i>/recipe/features/<f>): those turned on.
bool fixRequiredFeatures(ProblemFix::Fix &fix, const Node &node, const QStringList &tokens,
                         const ValidationContext &context)
{
    const FeatureInfo *info = Catalog::feature(node.recipe.features.value(tokens.value(4).toInt()));
    QStringList missing;
    for (const QString &needed : info ? info->requiresFeatures : QStringList()) {
        if (!node.recipe.hasFeature(needed))
            missing.append(needed);
    }
    return !missing.isEmpty() && fixFeatures(fix, node, missing, context);
}

} // namespace

std::optional<ProblemFix::Fix> ProblemFix::of(const Lab &lab, const Problem &problem, const ValidationContext &context)
{
    const QStringList tokens = JsonPointer::tokens(problem.pointer);
    const int index = nodeIndexOf(tokens);
    const Node *node = index >= 0 && index < lab.nodes.size() ? &lab.nodes.at(index) : lab.node(problem.nodeId);
    Fix fix {lab, {}};
    const QString &rule = problem.rule;
    if (rule.startsWith(QLatin1String("scenario.stale-")))
        return StepTextFix::of(lab, problem);

    if (rule == WarningRules::Missing || rule == WarningRules::Altered) {
        NodeJoin::refreshRequiredWarnings(fix.lab);
        fix.label = ValidatorText::tr("Word the lab's required warnings as their features need them");
    } else if (rule == KubernetesRules::FeatureNotMember && node && fix.lab.kubernetes) {
        if (fix.lab.kubernetes->controller.isEmpty() && node->role == QLatin1String("controller"))
            fix.lab.kubernetes->controller = node->id;
        else
            fix.lab.kubernetes->workers.append(node->id);
        fix.label = ValidatorText::tr("Add node \"%1\" to plan.kubernetes").arg(node->id);
    } else if (rule == KubernetesRules::MemberWithoutFeature && node) {
        if (!fixMemberWithoutFeature(fix, *node, context))
            return std::nullopt;
    } else if (rule == TopologyRules::FeatureRequires && node && tokens.value(3) == QLatin1String("features")) {
        if (!fixRequiredFeatures(fix, *node, tokens, context))
            return std::nullopt;
    } else if (rule == KubernetesRules::MemberUnknown && fix.lab.kubernetes
               && tokens.value(2) == QLatin1String("workers")) {
        const QString ghost = fix.lab.kubernetes->workers.value(tokens.value(3).toInt());
        fix.lab.kubernetes->workers.removeAll(ghost);
        fix.label = ValidatorText::tr("Remove \"%1\" from the plan's workers").arg(ghost);
    } else if ((rule == ServiceRules::Missing || rule == ServiceRules::ConfigInconsistent
                || rule == ServiceConfigCheck::MemberUnlisted)
               && node) {
        // The service the problem is about: the one it points into, else the first one a
        // feature of the node needs and the node lacks.
        QString service;
        if (tokens.value(2) == QLatin1String("recipe") && tokens.value(3) == QLatin1String("services"))
            service = node->recipe.services.value(tokens.value(4).toInt()).name;
        for (const QString &feature : node->recipe.features) {
            const FeatureInfo *info = Catalog::feature(feature);
            for (const QString &s : info ? info->requiredServices : QStringList()) {
                if (service.isEmpty() && !node->recipe.service(s))
                    service = s;
            }
        }
        if (service.isEmpty() || !FeatureRegistry::instance().owningService(service))
            return std::nullopt;
        NodeJoin::addService(fix.lab, node->id, service, context);
        fix.label = ValidatorText::tr("Give node \"%1\" the %2 config its feature suggests, shared by every member")
                        .arg(node->id, service);
    } else if ((rule == ServiceConfigCheck::MemberNotRunning || rule == ServiceConfigCheck::MemberNotWorker) && node) {
        if (!fixMember(fix, *node, tokens, context))
            return std::nullopt;
    } else if (rule == MembershipRules::FeatureLeftOff && node) {
        // The node's left-off features, on every node of the lab that lacks them: members of a
        // cluster name each other, so they join together.
        QList<NodeJoin::LeftOff> wanted = MembershipRules::leftOff(lab);
        QStringList features;
        for (const NodeJoin::LeftOff &l : std::as_const(wanted)) {
            if (l.node == node->id && !features.contains(l.feature))
                features.append(l.feature);
        }
        wanted.removeIf([&](const NodeJoin::LeftOff &l) { return !features.contains(l.feature); });
        QList<NodeJoin::LeftOff> enabled;
        fix.lab = NodeJoin::withFeaturesEnabled(lab, wanted, context, &enabled);
        QStringList nodes;
        for (const NodeJoin::LeftOff &l : std::as_const(enabled)) {
            if (!nodes.contains(l.node))
                nodes.append(l.node);
        }
        fix.label = ValidatorText::tr("Turn on %1 on %2")
                        .arg(features.join(QStringLiteral(", ")), nodes.join(QStringLiteral(", ")));
    } else if (rule == TopologyRules::NodeIpDuplicate && node && tokens.value(2) == QLatin1String("interfaces")) {
        const NodeInterface iface = node->interfaces.value(tokens.value(3).toInt());
        const QString free = NodeJoin::freeAddress(lab, iface.network);
        if (free.isEmpty())
            return std::nullopt;
        fix.lab = NodeReferences::readdressed(lab, node->id, iface.ip, free);
        fix.label = ValidatorText::tr("Move node \"%1\" to the free address %2").arg(node->id, free);
    } else if (rule == TopologyRules::DiskSerialDuplicate && node && tokens.value(2) == QLatin1String("disks")) {
        Disk &d = fix.lab.nodes[index].disks[tokens.value(3).toInt()];
        const QString serial = NodeJoin::freeSerial(lab, d.serial);
        // The node's own service configs that find the disk by its serial follow it.
        for (Service &s : fix.lab.nodes[index].recipe.services) {
            for (auto it = s.config.begin(); it != s.config.end(); ++it) {
                if (it.value().isString() && it.value().toString() == d.serial)
                    it.value() = serial;
            }
        }
        d.serial = serial;
        fix.label = ValidatorText::tr("Give disk \"%1\" of node \"%2\" the free serial %3").arg(d.id, node->id, serial);
    } else if ((rule == LinkRules::EndOffNetwork || rule == LinkRules::NetworkMissing)
               && tokens.value(0) == QLatin1String("links")) {
        fix.lab = LinkEdits::repaired(lab, tokens.value(1).toInt(), &fix.label);
    } else {
        return std::nullopt;
    }
    if (fix.lab == lab)
        return std::nullopt;
    return fix;
}

} // namespace Labforge
