// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "RunPipeline.h"

#include "BootAnalysis.h"
#include "BundleGenerator.h"
#include "Lab.h"
#include "LabSecrets.h"
#include "LibvirtLabActions.h"
#include "LocalTransport.h"
#include "OutputFile.h"
#include "PrivateFile.h"
#include "ReportWriter.h"
#include "RunTimeline.h"
#include "RunnerPaths.h"
#include "ScenarioEngine.h"
#include "Validator.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

namespace Labforge {

RunPipeline::RunPipeline(const Lab &lab, const PinsLock &pins, Options options)
    : m_lab(lab)
    , m_pins(pins)
    , m_options(std::move(options))
{ }

QMap<QString, BootAnalysis::Figures> RunPipeline::analyseBoot(Labforge::Transport &transport,
                                                              const LabRunner::Result &boot, const EventSink &events)
{
    // A stage of its own: a node answers SSH before its startup has finished (Slurm's daemons
    // wait for the controller, the controller for its database and NFS), and the analysis
    // waits (bounded) for that end.
    const auto send = [&](RunEvent::Type type, const QString &message, const QString &node = {}) {
        RunEvent e;
        e.type = type;
        e.stage = RunStage::Startup;
        e.node = node;
        e.message = message;
        events(e);
    };
    send(RunEvent::Type::StageStarted, QStringLiteral("waiting until every node's startup has finished"));
    QMap<QString, BootAnalysis::Figures> analysis =
        BootAnalysis::query(transport, boot.nodesUp, m_options.runner.cancel);
    BootAnalysis::addHostSide(&analysis, boot.defineMs, boot.firstCommandUptimeS);
    for (auto it = analysis.cbegin(); it != analysis.cend(); ++it)
        send(RunEvent::Type::Log, m_redactor.redact(it->raw), it.key());
    if (!analysis.isEmpty())
        send(RunEvent::Type::Notice,
             QStringLiteral("where each node's boot went (seconds after its kernel started; define on the host):\n")
                 + BootAnalysis::table(analysis));
    send(RunEvent::Type::StageFinished, QStringLiteral("every node's startup has finished"));
    return analysis;
}

QString RunPipeline::keepReport(const RunReport &report, QString *error)
{
    QString directory =
        m_options.reportDirectory.isEmpty() ? RunnerPaths::newReport(m_lab.name, error) : m_options.reportDirectory;
    if (directory.isEmpty() || !ReportWriter::write(report, directory, error, &m_redactor))
        return {};
    // Where the lab's last report is and how it ended, for `labforge status`.
    const QString run = RunnerPaths::run(m_lab.name, error);
    const int code = report.exitCode();
    const QJsonObject last {{QStringLiteral("directory"), QFileInfo(directory).absoluteFilePath()},
                            {QStringLiteral("verdict"),
                             code == 0       ? QStringLiteral("passed")
                                 : code == 1 ? QStringLiteral("failed")
                                             : QStringLiteral("not run")},
                            {QStringLiteral("finished"), report.finished.toString(Qt::ISODate)}};
    if (!run.isEmpty() && QDir(run).exists()) {
        QString why;
        PrivateFile::write(run + QStringLiteral("/last-report.json"), QJsonDocument(last).toJson(), &why);
    }
    return directory;
}

bool RunPipeline::refuseInvalid(Result *result) const
{
    const Problems problems = Validator::validate(m_lab, m_pins.validationContext());
    if (!Validator::hasErrors(problems))
        return false;
    for (const Problem &p : problems) {
        if (p.isError())
            result->problems.append(p);
    }
    result->exitCode = 1;
    result->error =
        QStringLiteral("lab %1 has %2 error(s); nothing was run").arg(m_lab.name).arg(result->problems.size());
    return true;
}

bool RunPipeline::boot(Result *result, const RunTimeline &timeline, const EventSink &events, const QDateTime &started)
{
    const Bundle bundle = BundleGenerator::generate(m_lab, m_pins);
    if (!bundle.ok()) {
        result->exitCode = 1;
        result->error = m_redactor.redact(bundle.errors.join(QLatin1Char('\n')));
        return false;
    }
    LabRunner::Options o = m_options.runner;
    o.redactor = &m_redactor;
    o.events = events;
    LabRunner runner(m_lab, bundle, o);
    result->boot = runner.up();
    if (result->boot.ok)
        return true;
    result->exitCode = 1;
    result->error = result->boot.error;
    if (timeline.spans().isEmpty())
        return false; // refused before any stage ran: nothing to report
    // A boot that failed is reported too: what ran when, and the failed nodes' consoles.
    RunReport &failed = result->report;
    failed.lab = m_lab.name;
    failed.started = started;
    failed.finished = QDateTime::currentDateTimeUtc();
    failed.runInfo = QStringLiteral("memory scale %1").arg(m_options.runner.memoryScale);
    failed.bootError = result->boot.error;
    failed.consoles = result->boot.consoles;
    failed.timeline = timeline.spans();
    failed.diagramSvg = ReportWriter::diagramSvg(m_lab, &failed);
    QString error;
    result->reportDirectory = keepReport(failed, &error);
    return false;
}

void RunPipeline::runScenarios(Result *result, RunTimeline &timeline, const EventSink &events, const QDateTime &started)
{
    std::unique_ptr<Labforge::Transport> transport;
    std::unique_ptr<LabActions> actions;
    QString runInfo;
    if (m_options.transport == Transport::Local) {
        transport = std::make_unique<LocalTransport>();
        runInfo = QStringLiteral("transport local: commands ran on this host");
    } else {
        transport = LabRunner::transportFor(m_lab, &result->error);
        if (!transport)
            return;
        actions = std::make_unique<LibvirtLabActions>(RunnerPaths::run(m_lab.name, &result->error), *transport);
        runInfo = m_options.boot
            ? QStringLiteral("%1; memory scale %2").arg(result->boot.accelReason).arg(m_options.runner.memoryScale)
            : QStringLiteral("transport ssh");
    }
    // Where each node's boot went, from inside it, before anything else runs there.
    QMap<QString, BootAnalysis::Figures> bootAnalysis;
    if (m_options.boot && m_options.transport == Transport::Ssh)
        bootAnalysis = analyseBoot(*transport, result->boot, events);
    ScenarioEngine::Options so;
    so.only = m_options.only;
    so.includeDisabled = m_options.includeDisabled;
    so.cancel = m_options.runner.cancel;
    so.events = events;
    so.redactor = &m_redactor;
    so.actions = actions.get();
    RunEvent scenarioStage;
    scenarioStage.type = RunEvent::Type::StageStarted;
    scenarioStage.stage = RunStage::Scenario;
    timeline.apply(scenarioStage);
    result->report = ScenarioEngine::run(m_lab, *transport, so);
    transport->close();
    scenarioStage.type = RunEvent::Type::StageFinished;
    scenarioStage.time = QDateTime::currentDateTimeUtc();
    timeline.apply(scenarioStage);
    result->report.started = started;
    result->report.timeline = timeline.spans();
    result->report.bootAnalysis = bootAnalysis;
    result->ranScenarios = true;
    result->report.runInfo = runInfo;
    result->report.diagramSvg = ReportWriter::diagramSvg(m_lab, &result->report);
    result->reportDirectory = keepReport(result->report, &result->error);
    if (result->reportDirectory.isEmpty() || !writeJunit(result->report, &result->error))
        return;
    result->exitCode = result->report.exitCode();
    result->ok = result->exitCode == 0;
}

bool RunPipeline::writeJunit(const RunReport &report, QString *error) const
{
    if (m_options.junitFile.isEmpty())
        return true;
    const QString directory = QFileInfo(m_options.junitFile).absolutePath();
    return PrivateFile::makeMissingDirectories(directory, error)
        && OutputFile::write(m_options.junitFile,
                             m_redactor.redact(ReportWriter::junit(ReportWriter::redacted(report, m_redactor))), error);
}

RunPipeline::Result RunPipeline::run()
{
    Result result;
    if (refuseInvalid(&result))
        return result;
    // Where the report and the JUnit file go is checked before anything runs.
    if ((!m_options.reportDirectory.isEmpty() && !ReportWriter::checkTargets(m_options.reportDirectory, &result.error))
        || (!m_options.junitFile.isEmpty() && !OutputFile::checkTarget(m_options.junitFile, &result.error)))
        return result;
    const QString runDir = RunnerPaths::run(m_lab.name, &result.error);
    if (runDir.isEmpty())
        return result;
    // What earlier runs of this lab left (key, token, password) is redacted from the start.
    LabSecrets::registerStored(m_lab.name, runDir + QStringLiteral("/secrets"), m_redactor);

    // The run's timeline (stages, each node's build and boot) goes into the report.
    RunTimeline timeline;
    const EventSink watcher = m_options.runner.events;
    const EventSink events = [&timeline, watcher](const RunEvent &e) {
        timeline.apply(e);
        if (watcher)
            watcher(e);
    };
    const QDateTime started = QDateTime::currentDateTimeUtc();
    if (m_options.boot && !boot(&result, timeline, events, started))
        return result;
    if (!m_options.scenarios) {
        result.ok = true;
        result.exitCode = 0;
        return result;
    }
    for (const QString &name : std::as_const(m_options.only)) {
        if (!m_lab.scenario(name)) {
            result.error = QStringLiteral("lab %1 has no scenario \"%2\"").arg(m_lab.name, name);
            return result;
        }
    }
    runScenarios(&result, timeline, events, started);
    return result;
}

} // namespace Labforge
