#pragma once

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

    Type type = Type::Log;
    QString stage; // "artifacts", "base", "image", "seed", "network", "boot", "ssh", "scenario", "teardown"
    QString node;
    QString message;
    double progress = -1; // 0..1 for StageProgress
    QString state; // NodeState: building, built, booting, up, failed; assertions: step id
    QDateTime time = QDateTime::currentDateTimeUtc();

    static QString typeName(Type type);
};

using EventSink = std::function<void(const RunEvent &)>;

} // namespace Labforge
