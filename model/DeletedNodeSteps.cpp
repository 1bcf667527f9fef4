// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "DeletedNodeSteps.h"

#include <QSet>

namespace Labforge {

QList<DeletedNodeSteps::Step> DeletedNodeSteps::of(const Lab &lab, const QStringList &ids)
{
    QList<Step> out;
    for (const Scenario &s : lab.scenarios) {
        for (const ScenarioStep &step : s.steps) {
            const QString &named = ids.contains(step.node) ? step.node : step.assertion.link.peer;
            if (ids.contains(named))
                out.append(Step {s.name, step.id, named, s.gating});
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
    QStringList sameRole, others;
    for (const Node &n : lab.nodes) {
        if (!ids.contains(n.id))
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
            if (ids.contains(step.node))
                step.node = target;
            if (ids.contains(step.assertion.link.peer))
                step.assertion.link.peer = target;
        }
    }
    return out;
}

} // namespace Labforge
