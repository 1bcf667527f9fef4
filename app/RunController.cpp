// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "RunController.h"

#include "RunPipeline.h"

#include <QtConcurrent>

namespace Labforge {

RunController::RunController(QObject *parent)
    : QObject(parent)
{
    qRegisterMetaType<Labforge::RunEvent>();
    connect(&m_watcher, &QFutureWatcher<Outcome>::finished, this, [this] {
        const Outcome o = m_watcher.result();
        Q_EMIT finished(o.ok, o.message, o.reportDirectory);
    });
}

RunController::~RunController()
{
    cancel();
    m_watcher.waitForFinished();
}

void RunController::cancel()
{
    m_cancel.cancel();
}

void RunController::start(const Lab &lab, const PinsLock &pins, const LabRunner::Options &options, bool boot,
                          bool scenarios)
{
    if (isRunning())
        return;
    m_cancel = CancelToken();
    RunPipeline::Options o;
    o.runner = options;
    o.runner.cancel = m_cancel;
    // Events are emitted from the worker thread; the signal is queued to the GUI thread.
    o.runner.events = [this](const RunEvent &e) {
        Q_EMIT runEvent(e);
    };
    o.boot = boot;
    o.scenarios = scenarios;
    m_watcher.setFuture(QtConcurrent::run([lab, pins, o]() {
        RunPipeline pipeline(lab, pins, o);
        const RunPipeline::Result r = pipeline.run();
        Outcome outcome;
        outcome.ok = r.ok;
        // A failed boot has a report too (its timeline and the failed nodes' consoles).
        outcome.reportDirectory = r.reportDirectory;
        if (!r.error.isEmpty())
            outcome.message = r.error;
        else if (r.ranScenarios)
            outcome.message = QObject::tr("%1 passed, %2 failed")
                                  .arg(r.report.count(AssertionResult::State::Passed))
                                  .arg(r.report.count(AssertionResult::State::Failed));
        else
            outcome.message = QObject::tr("Lab %1 is up.").arg(lab.name);
        return outcome;
    }));
}

void RunController::down(const QString &labName)
{
    if (isRunning())
        return;
    m_cancel = CancelToken();
    const EventSink events = [this](const RunEvent &e) {
        Q_EMIT runEvent(e);
    };
    m_watcher.setFuture(QtConcurrent::run([labName, events]() {
        Outcome outcome;
        QString error;
        QStringList removed;
        outcome.ok = LabRunner::down(labName, QString(), events, &error, &removed);
        outcome.message = outcome.ok
            ? QObject::tr("Lab %1 is down (%2 libvirt object(s) removed).").arg(labName).arg(removed.size())
            : error;
        return outcome;
    }));
}

} // namespace Labforge
