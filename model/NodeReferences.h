// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Lab.h"

namespace Labforge {

// A node's id and address are named all over a lab: links, plan.kubernetes, scenario
// steps, networks' DNS servers and the service configs of its features. These pure
// functions change one and every reference to it together, so one edit in the designer
// (one undo step) leaves no dangling name behind. What a service config names is the
// owning feature's knowledge (FeatureDefinition::renameNodeInConfig and
// readdressNodeInConfig). In scenario steps' commands, expectations and descriptions, whole occurrences
// of the old id or address (not part of a longer name: compute-1 is not in compute-10)
// follow too, and the steps changed are listed (*textHits) for the designer to say so;
// warnings' prose is left as it is.
class NodeReferences
{
public:
    // `lab` with node `oldId` called `newId` everywhere. Unchanged when there is no node
    // `oldId` or another node already has `newId` (one id, one node).
    static Lab renamed(const Lab &lab, const QString &oldId, const QString &newId, QStringList *textHits = nullptr);
    // `lab` with node `nodeId`'s interface at `oldIp` moved to `newIp` and every
    // reference to that address following. Unchanged when the node has no interface at
    // `oldIp`; references to an empty address are never rewritten.
    static Lab readdressed(const Lab &lab, const QString &nodeId, const QString &oldIp, const QString &newIp,
                           QStringList *textHits = nullptr);
    // `lab` without the nodes `ids` and every reference to them: plan.kubernetes's workers,
    // links, the service configs' node lists, and the scenario steps that run on one of them
    // or act on a link to one ("scenario/step" each in *removedSteps); the required warnings'
    // texts follow the lab's new shape. A field that names
    // only a removed node (plan.kubernetes's controller, a Slurm controller_node_id) stays
    // for the validator to name: there is no right replacement to guess.
    // `lab` with network `name` on `newCidr` and everything on it moved along, each address
    // keeping its host part (10.103.0.10 in 10.103.0.0/24 is 10.104.0.10 in 10.104.0.0/24):
    // the gateway, the nodes' interfaces (and every reference to their addresses, as
    // readdressed()), DNS servers in the old range, and configs naming the network by its CIDR
    // (hpc-nfs's export_network). Refused (the lab as it is, why in *why) when `newCidr` does
    // not parse, another network overlaps it, or an address's host part does not fit it.
    static Lab renumbered(const Lab &lab, const QString &name, const QString &newCidr, QString *why);
    static Lab withoutNodes(const Lab &lab, const QStringList &ids, QStringList *removedSteps = nullptr);
    // Records in `lab` (the lab without them) that `gone` left it: their ids in
    // formerNodeIds and, where not recorded yet, the counts before (every node, each role and
    // each feature of the nodes gone) in formerCounts, and drops the renames that ended at one
    // of them (renamedNodeIds). withoutNodes does it; the designer,
    // which removes the nodes itself, calls it.
    static void recordRemoval(Lab &lab, const QList<Node> &gone);
    // The same for nodes already gone from `lab` (the designer removes the nodes first); an id
    // a node of `lab` still has keeps its references.
    static Lab withoutReferencesTo(const Lab &lab, const QStringList &ids, QStringList *removedSteps = nullptr);
};

} // namespace Labforge
