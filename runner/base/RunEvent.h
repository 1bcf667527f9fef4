// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "RunStage.h"

#include <QDateTime>
#include <QString>
#include <functional>

namespace Labforge {

// What the runner tells its watchers (CLI, GUI). Every text is already redacted.
struct RunEvent
{
    enum class Type {
        StageStarted,
        StageProgress,
        StageFinished,
        StageFailed,
        NodeState,
        Log,
        Notice, // something the user must see even without --verbose
        AssertionStarted,
        AssertionAttempt,
        AssertionPassed,
        AssertionFailed,
        AssertionSkipped,
    };

    // Where a node is, for NodeState events (the message says it in words for logs).
    enum class NodeState {
        None,
        Building, // its image is being built
        Built,
        Reused, // its image was unchanged
        Booting,
        Up, // answering SSH
        Failed,
    };

    Type type = Type::Log;
    RunStage stage = RunStage::None;
    QString node;
    QString message;
    double progress = -1; // 0..1 for StageProgress and NodeState
    NodeState nodeState = NodeState::None;
    QString assertion; // assertion events: "<scenario>/<step id>"
    QString description; // assertion events: what the step proves, as the scenario says it
    QDateTime time = QDateTime::currentDateTimeUtc();

    static QString typeName(Type type);
    // A stable word for the state ("building", "up", …), as logs and reports record it.
    static QString nodeStateName(NodeState state);
};

using EventSink = std::function<void(const RunEvent &)>;

} // namespace Labforge
