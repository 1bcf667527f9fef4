// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "NodeJoin.h"
#include "RuleId.h"

namespace Labforge {

class ProblemSink;
struct ValidationContext;

// A cluster (Kubernetes, a Slurm) is a set of nodes that all run its feature. A node that
// the lab's shape puts in a cluster but that runs without its feature (left off by the order
// of drops, or pasted from a lab of another flavour) is a warning, feature.left-off, on the
// node's features, with the remedy: turn them on (ProblemFix, Edit ▸ Turn On Left-Off
// Features). Found from the lab alone, so the warning survives save and reopen.
class MembershipRules
{
public:
    // The rules it reports (RuleId enters each in Validator::ruleIds()).
    static inline const RuleId FeatureLeftOff {"feature.left-off"};

    // The warning says whether Turn On adds the feature or what the lab lacks first.
    static void check(const Lab &lab, const ValidationContext &context, ProblemSink &sink);
    // The cluster features `node` lacks although the lab puts it in their clusters: some
    // other node runs the feature, the node's role may run it, and either its role runs it by
    // default or another node of its role runs it. `why` names those other nodes.
    static QList<NodeJoin::LeftOff> leftOff(const Lab &lab, const Node &node);
    // The same for every node, with the features they need (MUNGE for Slurm) that they lack.
    static QList<NodeJoin::LeftOff> leftOff(const Lab &lab);
    // True for a feature that makes a cluster of its nodes: kubeadm-lab and the features
    // whose members share one config (the two Slurms).
    static bool isClusterFeature(const QString &feature);
};

} // namespace Labforge
