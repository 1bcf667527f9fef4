// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "LabActionAssertion.h"

namespace Labforge {

// What `link_down`, `link_up` and `impair` share: the link between the step's node and
// `peer` (on `network`, else the one network the two share), acted on from the host that
// runs them (the bridge and the VMs' taps), within the step's timeout. Whether the peer
// exists and the two share the network is checked with the lab (ScenarioRules).
class LinkAssertion : public LabActionAssertion
{
public:
    void read(JsonObjectReader &params, Assertion &assertion) const override;
    QStringList ownKeys() const override { return {QStringLiteral("peer"), QStringLiteral("network")}; }
    void write(const Assertion &assertion, QJsonObject &params) const override;
    QString attemptMessage(const ScenarioStep &step, int attempt, qint64 remainingMs) const override;
    Attempt attempt(const ScenarioStep &step, int remainingMs, AssertionContext &context) const override;

protected:
    // "compute-1 and controller" (", on hpc-lab" when the step names the network).
    static QString between(const ScenarioStep &step);
};

} // namespace Labforge
