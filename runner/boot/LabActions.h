// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Assertion.h"
#include "CancelToken.h"

#include <QString>

namespace Labforge {

// What a scenario step may do to the lab itself rather than run on a node: the
// scenario engine calls it for steps such as power_cycle. The runner's implementation
// acts through libvirt on the domains of the run (LibvirtLabActions).
class LabActions
{
public:
    struct Result
    {
        bool ok = false;
        QString message; // what happened, with timings; why not when !ok
        QString output; // evidence (boot ids, phases), kept as the attempt's output
    };
    virtual ~LabActions() = default;
    // Hard power-off of the node's VM, a start, then a wait until it answers again.
    virtual Result powerCycle(const QString &node, int timeoutMs, const CancelToken &cancel) = 0;
    // Cuts (LinkDown), restores (LinkUp) or impairs (Impair) the link between `node` and
    // link.peer, from the host (LinkControl); in force when it returns ok.
    virtual Result link(Assertion::Type action, const QString &node, const Assertion::Link &link) = 0;
};

} // namespace Labforge
