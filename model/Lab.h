// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "KubernetesIntent.h"
#include "LabHost.h"
#include "LabWarning.h"
#include "Link.h"
#include "Network.h"
#include "Node.h"
#include "Scenario.h"

#include <QMap>

#include <optional>

namespace Labforge {

// The whole lab: the single source of truth that the canvas, the CLI, the
// generators and the runner all read.
struct Lab
{
    // 2: links are the nodes' interfaces on networks, networks have a canvas position.
    // Format 1 files load (LabReader converts them) and are saved as format 2.
    // 3: hosts[] and nodes[].placement (a lab across several libvirt hosts). A lab that uses
    // neither is still saved as format 2, which every labforge since format 2 reads.
    // 4: links[] between nodes (each over a network both ends are on). A lab without links
    // is saved in the oldest format that holds it.
    static constexpr int FormatVersion = 4;
    static QString formatString(int version = FormatVersion);
    // The oldest format that holds this lab.
    int formatNeeded() const;

    QString name;
    QString description;
    QList<LabHost> hosts;
    QList<Network> networks;
    QList<Node> nodes;
    QList<Link> links;
    std::optional<KubernetesIntent> kubernetes; // plan.kubernetes
    QList<Scenario> scenarios;
    QList<LabWarning> warnings;
    // What renames and deletes took away, so that step text still naming it is found whatever
    // the id looks like (compute, storage, login-ops): the ids gone, and the counts before a
    // delete ("role=R", "feature=F", "" for all -> how many), which a step may still hold.
    // Saved under "designer" while a step holds them (StepVariables::forgetSettled).
    QStringList formerNodeIds;
    QMap<QString, int> formerCounts;
    // Of those ids, the ones a rename took away and the id each became (old -> new): a step
    // still naming the old id can be offered the new one. A chain (a -> b -> c) is kept
    // resolved, every entry naming the last id; a delete of that node drops its entries.
    QMap<QString, QString> renamedNodeIds;

    int nodeIndex(const QString &id) const;
    const Node *node(const QString &id) const;
    Node *node(const QString &id);
    const Network *network(const QString &name) const;
    // The first link between `a` and `b` (either direction), else -1.
    int linkIndex(const QString &a, const QString &b) const;
    const LabHost *host(const QString &name) const;
    const Scenario *scenario(const QString &name) const;
    bool hasFeature(const QString &feature) const;
    // Why `id` cannot become the id of node `current` (empty when it can): not a host name,
    // or another node's id. The designer refuses such an edit before it reaches the lab.
    QString nodeIdProblem(const QString &id, const QString &current) const;
    static bool isHostName(const QString &id);
    // The node a rename made of `former` (following renamedNodeIds to the end), or "" when
    // there is none: never renamed, deleted since, or a loop only an edited file can hold.
    QString renamedTo(const QString &former) const;

    bool operator==(const Lab &) const = default;
};

} // namespace Labforge
