// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Assertion.h"
#include "StepFigures.h"

#include <QDateTime>
#include <QList>

namespace Labforge {

// The evidence of one assertion: every attempt with command, exit status, output
// excerpts and timing. All text is redacted before it is stored here.
struct AssertionResult
{
    enum class State { Waiting, Running, Passed, Failed, Skipped };

    struct Attempt
    {
        int number = 0;
        QDateTime started;
        qint64 durationMs = 0;
        int exitCode = -1;
        bool timedOut = false;
        bool transportFailed = false;
        QString stdoutExcerpt;
        QString stderrExcerpt;
        QString verdict; // why it did not pass, or "passed"
    };

    QString scenario;
    QString stepId;
    QString description;
    QString node;
    Assertion::Type type = Assertion::Type::CommandSucceeds;
    QString command;
    QString expectation; // human description
    int timeoutSeconds = 0;
    bool gating = true;
    State state = State::Waiting;
    QString message;
    QDateTime started;
    qint64 durationMs = 0;
    QList<Attempt> attempts;
    QList<StepFigure> figures; // what the last attempt measured (StepFigures)

    static QString stateName(State state);
    static State stateFromName(const QString &name);
};

} // namespace Labforge
