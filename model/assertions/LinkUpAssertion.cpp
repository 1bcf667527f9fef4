// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "LinkUpAssertion.h"

#include <QCoreApplication>

namespace Labforge {

QString LinkUpAssertion::summary() const
{
    return QCoreApplication::translate(
        "Labforge::AssertionTypes",
        "Restores the link between the step's node and its peer: the cut and any impairment lifted");
}

QString LinkUpAssertion::describeAction(const ScenarioStep &step) const
{
    return QStringLiteral("(host: the frames between %1 pass again, impairments lifted)").arg(between(step));
}

QString LinkUpAssertion::describeExpectation(const Assertion &assertion) const
{
    Q_UNUSED(assertion);
    return QStringLiteral("the link restored");
}

} // namespace Labforge
