// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "LinkAssertion.h"

namespace Labforge {

// `link_down`: cuts the link between the step's node and its peer (both ways);
// `link_up` restores it.
class LinkDownAssertion : public LinkAssertion
{
public:
    Assertion::Type type() const override { return Assertion::Type::LinkDown; }
    QString name() const override { return QStringLiteral("link_down"); }
    QString summary() const override;
    QString describeAction(const ScenarioStep &step) const override;
    QString describeExpectation(const Assertion &assertion) const override;
};

} // namespace Labforge
