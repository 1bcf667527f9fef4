// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Lab.h"
#include "LabRunner.h"
#include "PinsLock.h"
#include "RunEvent.h"

#include <QFutureWatcher>
#include <QObject>

namespace Labforge {

// Drives the run pipeline (the same one as `labforge up` and `labforge test`) in the
// background for the designer, and takes a lab down off the UI thread. Events arrive
// in the GUI thread through a queued signal; cancel() really cancels every stage.
class RunController : public QObject
{
    Q_OBJECT
public:
    explicit RunController(QObject *parent = nullptr);
    ~RunController() override;

    bool isRunning() const { return m_watcher.isRunning(); }
    void start(const Lab &lab, const PinsLock &pins, const LabRunner::Options &options, bool boot, bool scenarios);
    // Removes what the lab's last run recorded (LabRunner::down) in the background.
    void down(const QString &labName);
    void cancel();

Q_SIGNALS:
    void runEvent(const Labforge::RunEvent &event);
    void finished(bool ok, const QString &message, const QString &reportDirectory);

private:
    struct Outcome
    {
        bool ok = false;
        QString message;
        QString reportDirectory;
    };
    QFutureWatcher<Outcome> m_watcher;
    CancelToken m_cancel;
};

} // namespace Labforge

Q_DECLARE_METATYPE(Labforge::RunEvent)
