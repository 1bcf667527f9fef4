#pragma once

#include "Lab.h"
#include "LabRunner.h"
#include "RunEvent.h"

#include <QFutureWatcher>
#include <QObject>

namespace Labforge {

// Runs the runner in the background for the designer: build and boot the lab,
// then (optionally) its scenarios, writing a report. Events arrive in the GUI
// thread through a queued signal; cancel() really cancels every stage.
class RunController : public QObject
{
    Q_OBJECT
public:
    explicit RunController(QObject *parent = nullptr);
    ~RunController() override;

    bool isRunning() const { return m_watcher.isRunning(); }
    void start(const Lab &lab, const LabRunner::Options &options, bool boot, bool scenarios);
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
