#include "TestCommands.h"
#include "CommandParser.h"

#include "EventPrinter.h"
#include "LabRunner.h"
#include "LabSource.h"
#include "LocalTransport.h"
#include "ReportWriter.h"
#include "RunnerPaths.h"
#include "ScenarioEngine.h"

#include <QCommandLineParser>
#include <QFile>

namespace Labforge {

int TestCommands::runScenarios(const Lab &lab, Transport &transport, const QStringList &only, bool includeDisabled,
                               const QString &reportDir, const QString &junitFile, const QString &runInfo,
                               const Redactor *redactor, QTextStream &out, QTextStream &err)
{
    for (const QString &name : only) {
        if (!lab.scenario(name)) {
            err << "labforge test: lab " << lab.name << " has no scenario \"" << name << "\"\n";
            return 2;
        }
    }
    EventPrinter printer(out, false);
    ScenarioEngine::Options o;
    o.only = only;
    o.includeDisabled = includeDisabled;
    o.redactor = redactor;
    o.events = [&](const RunEvent &e) {
        if (e.type != RunEvent::Type::AssertionStarted && e.type != RunEvent::Type::AssertionAttempt)
            printer.print(e);
    };
    RunReport report = ScenarioEngine::run(lab, transport, o);
    report.runInfo = runInfo;
    report.diagramSvg = ReportWriter::diagramSvg(lab, &report);
    QString error;
    if (!ReportWriter::write(report, reportDir, &error)) {
        err << "labforge test: " << error << '\n';
        return 2;
    }
    if (!junitFile.isEmpty()) {
        QFile f(junitFile);
        if (!f.open(QIODevice::WriteOnly) || f.write(ReportWriter::junit(report)) < 0) {
            err << "labforge test: cannot write " << junitFile << '\n';
            return 2;
        }
    }
    out << QStringLiteral("%1 passed, %2 failed")
               .arg(report.count(AssertionResult::State::Passed))
               .arg(report.count(AssertionResult::State::Failed));
    if (const int skipped = report.count(AssertionResult::State::Skipped))
        out << ", " << skipped << " skipped";
    out << "\nreport: " << reportDir << "/report.html\n";
    return report.exitCode();
}

int TestCommands::test(const QStringList &args, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Run a lab's enabled scenarios against its booted VMs. Exit 0 when every gating assertion "
                       "passed, 1 when any failed, 2 when none could run."));
    parser.addHelpOption();
    LabSource::addOptions(parser);
    parser.addPositionalArgument(QStringLiteral("LAB"), QStringLiteral("The lab file."));
    parser.addOption(QCommandLineOption(
        QStringLiteral("scenario"), QStringLiteral("Run only this scenario (repeatable)."), QStringLiteral("NAME")));
    parser.addOption(QCommandLineOption(QStringLiteral("include-disabled"),
                                        QStringLiteral("Also run disabled scenarios (never gating).")));
    parser.addOption(QCommandLineOption(QStringLiteral("report"),
                                        QStringLiteral("Report directory (default: the lab's run directory)."),
                                        QStringLiteral("DIR")));
    parser.addOption(QCommandLineOption(QStringLiteral("junit"), QStringLiteral("Also write JUnit XML here."),
                                        QStringLiteral("FILE")));
    parser.addOption(QCommandLineOption(
        QStringLiteral("transport"), QStringLiteral("ssh (the booted VMs) or local (this host, for trying scenarios)."),
        QStringLiteral("KIND"), QStringLiteral("ssh")));
    if (const auto done = CommandParser::parse(parser, args, out, err))
        return *done;
    const auto lab = LabSource::load(parser, err);
    if (!lab)
        return 2;
    std::unique_ptr<Transport> transport;
    if (parser.value(QStringLiteral("transport")) == QLatin1String("local")) {
        transport = std::make_unique<LocalTransport>();
    } else {
        QString error;
        transport = LabRunner::transportFor(*lab, &error);
        if (!transport) {
            err << "labforge test: " << error << '\n';
            return 2;
        }
    }
    const QString reportDir = parser.isSet(QStringLiteral("report")) ? parser.value(QStringLiteral("report"))
                                                                     : RunnerPaths::run(lab->name)
            + QStringLiteral("/reports/") + QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss"));
    const int code =
        runScenarios(*lab, *transport, parser.values(QStringLiteral("scenario")),
                     parser.isSet(QStringLiteral("include-disabled")), reportDir, parser.value(QStringLiteral("junit")),
                     QStringLiteral("transport %1").arg(parser.value(QStringLiteral("transport"))), nullptr, out, err);
    transport->close();
    return code;
}

int TestCommands::report(const QStringList &args, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Summarise a kept report directory in the terminal."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("DIR"),
                                 QStringLiteral("A report directory written by `labforge test`."));
    parser.addOption(QCommandLineOption(QStringLiteral("failed"),
                                        QStringLiteral("Show only failed assertions, with their evidence.")));
    if (const auto done = CommandParser::parse(parser, args, out, err))
        return *done;
    if (parser.positionalArguments().size() != 1) {
        err << "labforge report: give one report directory\n";
        return 2;
    }
    QString error;
    const auto report = ReportWriter::read(parser.positionalArguments().constFirst(), &error);
    if (!report) {
        err << "labforge report: " << error << '\n';
        return 2;
    }
    out << "lab " << report->lab << ", " << report->started.toString(Qt::ISODate) << " to "
        << report->finished.toString(Qt::ISODate);
    if (!report->runInfo.isEmpty())
        out << " (" << report->runInfo << ')';
    out << '\n';
    const bool onlyFailed = parser.isSet(QStringLiteral("failed"));
    for (const AssertionResult &r : report->results) {
        if (onlyFailed && r.state != AssertionResult::State::Failed)
            continue;
        out << QStringLiteral("  %1 %2 %3/%4: %5")
                   .arg(AssertionResult::stateName(r.state).toUpper(), -7)
                   .arg(r.node, -14)
                   .arg(r.scenario, r.stepId, r.message)
            << (r.gating ? "" : " (not gating)") << '\n';
        if (r.state == AssertionResult::State::Failed && !r.attempts.isEmpty()) {
            const auto &a = r.attempts.last();
            out << "      expected " << r.expectation << "; last attempt: " << a.verdict << '\n';
            if (!a.stdoutExcerpt.trimmed().isEmpty())
                out << "      stdout: "
                    << a.stdoutExcerpt.trimmed().left(400).replace(QLatin1Char('\n'),
                                                                   QStringLiteral("\n              "))
                    << '\n';
            if (!a.stderrExcerpt.trimmed().isEmpty())
                out << "      stderr: "
                    << a.stderrExcerpt.trimmed().left(400).replace(QLatin1Char('\n'),
                                                                   QStringLiteral("\n              "))
                    << '\n';
        }
    }
    out << QStringLiteral("%1 passed, %2 failed")
               .arg(report->count(AssertionResult::State::Passed))
               .arg(report->count(AssertionResult::State::Failed))
        << '\n';
    return report->exitCode();
}

} // namespace Labforge
