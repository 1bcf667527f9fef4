// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "AssertionType.h"

namespace Labforge {

QString AssertionType::attemptMessage(const ScenarioStep &step, int attempt, qint64 remainingMs) const
{
    Q_UNUSED(step);
    return QStringLiteral("attempt %1 (%2 s left)").arg(attempt).arg(remainingMs / 1000);
}

} // namespace Labforge
