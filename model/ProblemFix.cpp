// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "ProblemFix.h"

#include "Catalog.h"
#include "FeatureRegistry.h"
#include "JsonPointer.h"
#include "LinkEdits.h"
#include "NodeJoin.h"
#include "NodeReferences.h"
#include "ValidatorText.h"

namespace Labforge {

namespace {

// The index of the node a pointer is under (/nodes/<i>/…), else -1.
int nodeIndexOf(const QStringList &tokens)
{
    return tokens.value(0) == QLatin1String("nodes") ? tokens.value(1).toInt() : -1;
}

} // namespace

std::optional<ProblemFix::Fix> ProblemFix::of(const Lab &lab, const Problem &problem, const ValidationContext &context)
{
    const QStringList tokens = JsonPointer::tokens(problem.pointer);
    const int index = nodeIndexOf(tokens);
    const Node *node = index >= 0 && index < lab.nodes.size() ? &lab.nodes.at(index) : lab.node(problem.nodeId);
    Fix fix {lab, {}};
    const QString &rule = problem.rule;

    if (rule == QLatin1String("warning.missing") || rule == QLatin1String("warning.altered")) {
        NodeJoin::refreshRequiredWarnings(fix.lab);
        fix.label = ValidatorText::tr("Word the lab's required warnings as their features need them");
    } else if (rule == QLatin1String("kubernetes.feature-not-member") && node && fix.lab.kubernetes) {
        if (fix.lab.kubernetes->controller.isEmpty() && node->role == QLatin1String("controller"))
            fix.lab.kubernetes->controller = node->id;
        else
            fix.lab.kubernetes->workers.append(node->id);
        fix.label = ValidatorText::tr("Add node \"%1\" to plan.kubernetes").arg(node->id);
    } else if (rule == QLatin1String("kubernetes.member-unknown") && fix.lab.kubernetes
               && tokens.value(2) == QLatin1String("workers")) {
        const QString ghost = fix.lab.kubernetes->workers.value(tokens.value(3).toInt());
        fix.lab.kubernetes->workers.removeAll(ghost);
        fix.label = ValidatorText::tr("Remove \"%1\" from the plan's workers").arg(ghost);
    } else if ((rule == QLatin1String("service.missing") || rule == QLatin1String("service.config-inconsistent")
                || rule == QLatin1String("service.member-unlisted"))
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
    } else if (rule == QLatin1String("node.ip-duplicate") && node && tokens.value(2) == QLatin1String("interfaces")) {
        const NodeInterface iface = node->interfaces.value(tokens.value(3).toInt());
        const QString free = NodeJoin::freeAddress(lab, iface.network);
        if (free.isEmpty())
            return std::nullopt;
        fix.lab = NodeReferences::readdressed(lab, node->id, iface.ip, free);
        fix.label = ValidatorText::tr("Move node \"%1\" to the free address %2").arg(node->id, free);
    } else if (rule == QLatin1String("disk.serial-duplicate") && node && tokens.value(2) == QLatin1String("disks")) {
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
    } else if ((rule == QLatin1String("link.end-off-network") || rule == QLatin1String("link.network-missing"))
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
