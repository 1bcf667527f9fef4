// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "MembershipRules.h"
#include "ValidatorText.h"

#include "Catalog.h"
#include "FeatureRegistry.h"
#include "LeftOffFeatures.h"
#include "ProblemSink.h"

#include <optional>

namespace Labforge {

bool MembershipRules::isClusterFeature(const QString &feature)
{
    const FeatureInfo *info = Catalog::feature(feature);
    if (info && info->kubernetesMember)
        return true;
    const FeatureDefinition *definition = FeatureRegistry::instance().feature(feature);
    return definition && definition->membersShareConfig();
}

QList<NodeJoin::LeftOff> MembershipRules::leftOff(const Lab &lab, const Node &node)
{
    QStringList candidates = Catalog::defaultFeatures(node.role);
    for (const Node &other : lab.nodes) {
        if (other.id != node.id && other.role == node.role)
            candidates += other.recipe.features;
    }
    candidates.removeDuplicates();
    // The Slurms are alternatives: a node (or lab) that runs one is not missing the other.
    const QString kubernetes = Catalog::featureThatIs(&FeatureInfo::kubernetesMember);
    const auto otherSlurm = [&](const Node &n, const QString &feature) {
        return std::any_of(n.recipe.features.cbegin(), n.recipe.features.cend(),
                           [&](const QString &f) { return f != feature && f != kubernetes && isClusterFeature(f); });
    };
    QList<NodeJoin::LeftOff> out;
    for (const QString &feature : std::as_const(candidates)) {
        const FeatureInfo *info = Catalog::feature(feature);
        if (!info || !isClusterFeature(feature) || !info->allowsRole(node.role) || node.recipe.hasFeature(feature)
            || otherSlurm(node, feature))
            continue;
        QStringList members;
        bool otherSlurmInLab = false;
        for (const Node &other : lab.nodes) {
            if (other.id != node.id && other.recipe.hasFeature(feature))
                members.append(other.id);
            otherSlurmInLab = otherSlurmInLab || otherSlurm(other, feature);
        }
        if (!members.isEmpty()) {
            out.append(NodeJoin::LeftOff {
                node.id, feature,
                ValidatorText::tr("%1 of its cluster run it").arg(members.join(QStringLiteral(", ")))});
        } else if (Catalog::defaultFeatures(node.role).contains(feature) && lab.kubernetes && !otherSlurmInLab
                   && info->requiresFeatures.contains(kubernetes)) {
            // A Slurm on Kubernetes that no node runs yet, in a lab whose Kubernetes is drawn
            // for it: every drop left it off.
            out.append(NodeJoin::LeftOff {
                node.id, feature,
                ValidatorText::tr("its role runs it by default and the lab has the Kubernetes plan it needs")});
        }
    }
    return out;
}

QList<NodeJoin::LeftOff> MembershipRules::leftOff(const Lab &lab)
{
    QList<NodeJoin::LeftOff> out;
    for (const Node &node : lab.nodes) {
        const QList<NodeJoin::LeftOff> mine = leftOff(lab, node);
        out += mine;
        // What those need and the node lacks (Slurm needs MUNGE), transitively.
        QStringList needed;
        for (const NodeJoin::LeftOff &l : mine)
            needed.append(l.feature);
        for (qsizetype i = 0; i < needed.size(); ++i) {
            const FeatureInfo *info = Catalog::feature(needed.at(i));
            for (const QString &required : info ? info->requiresFeatures : QStringList()) {
                if (!needed.contains(required) && !node.recipe.hasFeature(required)) {
                    needed.append(required);
                    out.append(NodeJoin::LeftOff {node.id, required, needed.at(i)});
                }
            }
        }
    }
    return out;
}

void MembershipRules::check(const Lab &lab, const ValidationContext &context, ProblemSink &sink)
{
    // Whether Turn On adds it is what Turn On answers (LeftOffFeatures), asked once per lab
    // and not again while that answer validates the lab with features on.
    std::optional<LeftOffFeatures> turnOn;
    for (int i = 0; i < lab.nodes.size(); ++i) {
        const Node &node = lab.nodes.at(i);
        for (const NodeJoin::LeftOff &l : leftOff(lab, node)) {
            if (!turnOn && !LeftOffFeatures::isWorking())
                turnOn.emplace(lab, context);
            const QString lacks = turnOn ? turnOn->missing(node.id, l.feature) : QString();
            const QString message = lacks.isEmpty()
                ? ValidatorText::tr("node \"%1\" runs without %2 (%3): it is outside that cluster; Turn On "
                                    "adds it")
                      .arg(node.id, l.feature, l.why)
                : ValidatorText::tr("node \"%1\" runs without %2 (%3): it is outside that cluster; Turn On "
                                    "cannot add it yet: %4")
                      .arg(node.id, l.feature, l.why, lacks);
            sink.warning(MembershipRules::FeatureLeftOff, QStringLiteral("/nodes/%1/recipe/features").arg(i), message,
                         node.id);
        }
    }
}

} // namespace Labforge
