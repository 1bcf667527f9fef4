// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "AssertionResult.h"

namespace Labforge {

QString AssertionResult::stateName(State state)
{
    switch (state) {
    case State::Waiting:
        return QStringLiteral("waiting");
    case State::Running:
        return QStringLiteral("running");
    case State::Passed:
        return QStringLiteral("passed");
    case State::Failed:
        return QStringLiteral("failed");
    case State::Skipped:
        return QStringLiteral("skipped");
    }
    return {};
}

AssertionResult::State AssertionResult::stateFromName(const QString &name)
{
    for (State s : {State::Waiting, State::Running, State::Passed, State::Failed, State::Skipped}) {
        if (stateName(s) == name)
            return s;
    }
    return State::Waiting;
}

} // namespace Labforge
