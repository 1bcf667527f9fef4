// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "RunEvent.h"

namespace Labforge {

QString RunEvent::typeName(Type type)
{
    switch (type) {
    case Type::StageStarted:
        return QStringLiteral("stage-started");
    case Type::StageProgress:
        return QStringLiteral("stage-progress");
    case Type::StageFinished:
        return QStringLiteral("stage-finished");
    case Type::StageFailed:
        return QStringLiteral("stage-failed");
    case Type::NodeState:
        return QStringLiteral("node-state");
    case Type::Log:
        return QStringLiteral("log");
    case Type::Notice:
        return QStringLiteral("notice");
    case Type::AssertionStarted:
        return QStringLiteral("assertion-started");
    case Type::AssertionAttempt:
        return QStringLiteral("assertion-attempt");
    case Type::AssertionPassed:
        return QStringLiteral("assertion-passed");
    case Type::AssertionFailed:
        return QStringLiteral("assertion-failed");
    case Type::AssertionSkipped:
        return QStringLiteral("assertion-skipped");
    }
    return {};
}

QString RunEvent::nodeStateName(NodeState state)
{
    switch (state) {
    case NodeState::None:
        return {};
    case NodeState::Building:
        return QStringLiteral("building");
    case NodeState::Built:
        return QStringLiteral("built");
    case NodeState::Reused:
        return QStringLiteral("reused");
    case NodeState::Booting:
        return QStringLiteral("booting");
    case NodeState::Up:
        return QStringLiteral("up");
    case NodeState::Failed:
        return QStringLiteral("failed");
    }
    return {};
}

} // namespace Labforge
