// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "DeletedNodeSteps.h"

#include <QRegularExpression>
#include <QSet>

namespace Labforge {

QList<DeletedNodeSteps::Step> DeletedNodeSteps::of(const Lab &lab, const QStringList &ids)
{
    QList<Step> out;
    for (const Scenario &s : lab.scenarios) {
        for (const ScenarioStep &step : s.steps) {
            const QString &peer = step.assertion.link.peer;
            const bool onGone = ids.contains(step.node);
            if (!onGone && !ids.contains(peer))
                continue;
            const QString &other = onGone ? peer : step.node;
            out.append(Step {s.name, step.id, onGone ? step.node : peer, s.gating, peer.isEmpty() ? QString() : other,
                             !peer.isEmpty() && ids.contains(other)});
        }
    }
    return out;
}

QStringList DeletedNodeSteps::targets(const Lab &lab, const QStringList &ids)
{
    QSet<QString> roles;
    for (const QString &id : ids) {
        if (const Node *n = lab.node(id))
            roles.insert(n->role);
    }
    const QList<Step> steps = of(lab, ids);
    QStringList sameRole, others;
    for (const Node &n : lab.nodes) {
        const bool keepsOne =
            std::any_of(steps.cbegin(), steps.cend(), [&n](const Step &s) { return !s.namesTwice(n.id); });
        if (!ids.contains(n.id) && (steps.isEmpty() || keepsOne))
            (roles.contains(n.role) ? sameRole : others).append(n.id);
    }
    return sameRole + others;
}

Lab DeletedNodeSteps::reassigned(const Lab &lab, const QStringList &ids, const QString &target)
{
    if (!lab.node(target) || ids.contains(target))
        return lab;
    Lab out = lab;
    for (Scenario &s : out.scenarios) {
        for (ScenarioStep &step : s.steps) {
            const QString &peer = step.assertion.link.peer;
            const QString node = ids.contains(step.node) ? target : step.node;
            if (!peer.isEmpty() && node == (ids.contains(peer) ? target : peer))
                continue; // it would name `target` twice: the delete takes it
            // The description says where the step runs now.
            for (const QString &gone : {step.node, step.assertion.link.peer}) {
                if (ids.contains(gone))
                    step.description.replace(QRegularExpression(QStringLiteral("(?<![A-Za-z0-9_-])%1(?![A-Za-z0-9_-])")
                                                                    .arg(QRegularExpression::escape(gone))),
                                             target);
            }
            if (ids.contains(step.node))
                step.node = target;
            if (ids.contains(step.assertion.link.peer))
                step.assertion.link.peer = target;
        }
    }
    return out;
}

} // namespace Labforge
