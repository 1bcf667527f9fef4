// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "AssertionContext.h"
#include "CancelToken.h"

namespace Labforge {

class LabActions;
class Transport;

// The scenario engine's AssertionContext: commands go over the run's transport, lab
// actions to its LabActions (libvirt); without those, a lab action fails with why.
class EngineAssertionContext : public AssertionContext
{
public:
    EngineAssertionContext(Transport &transport, LabActions *actions, CancelToken cancel);

    Outcome runCommand(const QString &node, const QString &script, int timeoutMs) override;
    Outcome powerCycle(const QString &node, int timeoutMs) override;
    bool isCancelled() const override { return m_cancel.isCancelled(); }

private:
    Transport &m_transport;
    LabActions *m_actions;
    CancelToken m_cancel;
};

} // namespace Labforge
