// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "AssertionContext.h"
#include "CancelToken.h"
#include "LabActions.h"

#include <functional>

namespace Labforge {

class Transport;

// The scenario engine's AssertionContext: commands go over the run's transport, lab
// actions to its LabActions (libvirt); without those, a lab action fails with why.
class EngineAssertionContext : public AssertionContext
{
public:
    EngineAssertionContext(Transport &transport, LabActions *actions, CancelToken cancel);

    Outcome runCommand(const QString &node, const QString &script, int timeoutMs) override;
    Outcome powerCycle(const QString &node, int timeoutMs) override;
    Outcome link(Assertion::Type action, const QString &node, const Assertion::Link &link) override;
    bool isCancelled() const override { return m_cancel.isCancelled(); }

private:
    // A lab action's result as an outcome (timed; failing with why when the run has no LabActions).
    Outcome act(const std::function<LabActions::Result()> &action);

    Transport &m_transport;
    LabActions *m_actions;
    CancelToken m_cancel;
};

} // namespace Labforge
