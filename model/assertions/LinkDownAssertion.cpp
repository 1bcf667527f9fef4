// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "LinkDownAssertion.h"

#include <QCoreApplication>

namespace Labforge {

QString LinkDownAssertion::summary() const
{
    return QCoreApplication::translate("Labforge::AssertionTypes",
                                       "Cuts the link between the step's node and its peer on the host (the bridge "
                                       "drops the frames between the two); the rest of the network is untouched");
}

QString LinkDownAssertion::describeAction(const ScenarioStep &step) const
{
    return QStringLiteral("(host: the bridge drops the frames between %1, both ways)").arg(between(step));
}

QString LinkDownAssertion::describeExpectation(const Assertion &assertion) const
{
    Q_UNUSED(assertion);
    return QStringLiteral("the cut in force");
}

} // namespace Labforge
