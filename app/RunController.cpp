#include "RunController.h"

#include "BundleGenerator.h"
#include "ReportWriter.h"
#include "RunnerPaths.h"
#include "ScenarioEngine.h"
#include "Transport.h"

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

void RunController::start(const Lab &lab, const LabRunner::Options &options, bool boot, bool scenarios)
{
    if (isRunning())
        return;
    m_cancel = CancelToken();
    LabRunner::Options o = options;
    o.cancel = m_cancel;
    // Events are emitted from the worker thread; the signal is queued to the GUI thread.
    o.events = [this](const RunEvent &e) {
        Q_EMIT runEvent(e);
    };
    m_watcher.setFuture(QtConcurrent::run([lab, o, boot, scenarios]() {
        Outcome outcome;
        const Bundle bundle = BundleGenerator::generate(lab);
        if (!bundle.ok()) {
            outcome.message = bundle.errors.join(QLatin1Char('\n'));
            return outcome;
        }
        LabRunner runner(lab, bundle, o);
        QString runInfo;
        if (boot) {
            const LabRunner::Result result = runner.up();
            if (!result.ok) {
                outcome.message = result.error;
                return outcome;
            }
            runInfo = QStringLiteral("%1; memory scale %2").arg(result.accelReason).arg(o.memoryScale);
        }
        if (!scenarios) {
            outcome.ok = true;
            outcome.message = QObject::tr("Lab %1 is up.").arg(lab.name);
            return outcome;
        }
        QString error;
        auto transport = LabRunner::transportFor(lab, &error);
        if (!transport) {
            outcome.message = error;
            return outcome;
        }
        ScenarioEngine::Options so;
        so.cancel = o.cancel;
        so.events = o.events;
        so.redactor = &runner.redactor();
        RunReport report = ScenarioEngine::run(lab, *transport, so);
        transport->close();
        report.runInfo = runInfo;
        report.diagramSvg = ReportWriter::diagramSvg(lab, &report);
        outcome.reportDirectory = RunnerPaths::run(lab.name) + QStringLiteral("/reports/")
            + QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss"));
        if (!ReportWriter::write(report, outcome.reportDirectory, &error)) {
            outcome.message = error;
            return outcome;
        }
        outcome.ok = report.exitCode() == 0;
        outcome.message = QObject::tr("%1 passed, %2 failed")
                              .arg(report.count(AssertionResult::State::Passed))
                              .arg(report.count(AssertionResult::State::Failed));
        return outcome;
    }));
}

} // namespace Labforge
