// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "FeatureGenerator.h"

namespace Labforge {

struct Lab;
struct Node;

// chrony on every node that has the feature. The lab reaches no time server outside, so one
// of its nodes is the source: the first node with chrony whose role is controller, else the
// first node with chrony. It serves its own clock (local stratum 8) to the lab's networks;
// the others follow it and step their clock whenever it is more than a second off (a VM
// powered off and on, a suspended host), so that MUNGE credentials (valid 300 s) and
// Slurm's and Prometheus's timestamps agree.
class ChronyGenerator : public FeatureGenerator
{
public:
    QString feature() const override { return QStringLiteral("chrony"); }
    FeatureOutput generate(const GeneratorContext &context) const override;

    // The node the others take their time from (nullptr when no node has chrony).
    static const Node *source(const Lab &lab);
};

} // namespace Labforge
