// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "LinkAssertion.h"

namespace Labforge {

// `link_up`: lifts the cut and the impairments between the step's node and its peer.
class LinkUpAssertion : public LinkAssertion
{
public:
    Assertion::Type type() const override { return Assertion::Type::LinkUp; }
    QString name() const override { return QStringLiteral("link_up"); }
    QString summary() const override;
    QString describeAction(const ScenarioStep &step) const override;
    QString describeExpectation(const Assertion &assertion) const override;
};

} // namespace Labforge
