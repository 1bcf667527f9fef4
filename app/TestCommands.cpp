// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "TestCommands.h"
#include "CommandParser.h"

#include "EventPrinter.h"
#include "LabSource.h"
#include "ReportWriter.h"
#include "RunPipeline.h"
#include "RunReport.h"

#include <QCommandLineParser>

namespace Labforge {

int TestCommands::finish(const RunPipeline::Result &result, QTextStream &out, QTextStream &err, const QString &command)
{
    for (const Problem &p : result.problems)
        err << "error " << p.rule << ' ' << p.pointer << ": " << p.message << '\n';
    if (!result.ranScenarios) {
        err << "labforge " << command << ": " << result.error << '\n';
        if (!result.reportDirectory.isEmpty())
            out << "report: " << result.reportDirectory << "/report.html\n";
        return result.exitCode;
    }
    out << QStringLiteral("%1 passed, %2 failed")
               .arg(result.report.count(AssertionResult::State::Passed))
               .arg(result.report.count(AssertionResult::State::Failed));
    if (const int skipped = result.report.count(AssertionResult::State::Skipped))
        out << ", " << skipped << " skipped";
    out << '\n';
    if (!result.error.isEmpty()) {
        err << "labforge " << command << ": " << result.error << '\n';
        return 2;
    }
    out << "report: " << result.reportDirectory << "/report.html\n";
    return result.exitCode;
}

EventSink TestCommands::assertionPrinter(EventPrinter &printer)
{
    return [&printer](const RunEvent &e) {
        if (e.type != RunEvent::Type::AssertionStarted && e.type != RunEvent::Type::AssertionAttempt)
            printer.print(e);
    };
}

int TestCommands::test(const QStringList &args, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Run a lab's enabled scenarios against its booted VMs. Exit 0 when every gating assertion "
                       "passed, 1 when any failed, 2 when none could run."));
    parser.addHelpOption();
    LabSource::addOptions(parser);
    parser.addPositionalArgument(QStringLiteral("LAB"), QStringLiteral("The lab file (or --template NAME)."));
    parser.addOption(QCommandLineOption(
        QStringLiteral("scenario"), QStringLiteral("Run only this scenario (repeatable)."), QStringLiteral("NAME")));
    parser.addOption(QCommandLineOption(QStringLiteral("include-disabled"),
                                        QStringLiteral("Also run disabled scenarios (never gating).")));
    parser.addOption(QCommandLineOption(QStringLiteral("report"),
                                        QStringLiteral("Report directory (default: the lab's run directory)."),
                                        QStringLiteral("DIR")));
    parser.addOption(QCommandLineOption(QStringLiteral("junit"), QStringLiteral("Also write JUnit XML here."),
                                        QStringLiteral("FILE")));
    parser.addOption(
        QCommandLineOption(QStringLiteral("transport"),
                           QStringLiteral("ssh (the booted VMs) or local (this host; needs --allow-host-commands)."),
                           QStringLiteral("KIND"), QStringLiteral("ssh")));
    parser.addOption(QCommandLineOption(
        QStringLiteral("allow-host-commands"),
        QStringLiteral("With --transport local: run the lab's scenario commands on this host, as this user.")));
    parser.addOption(QCommandLineOption(QStringLiteral("pins"),
                                        QStringLiteral("Pins lock to validate against instead of the built-in one."),
                                        QStringLiteral("FILE")));
    if (const auto done = CommandParser::parse(parser, args, out, err))
        return *done;
    const auto pins = LabSource::pins(parser, err);
    if (!pins)
        return 2;
    const auto lab = LabSource::load(parser, err);
    if (!lab)
        return 2;
    RunPipeline::Options o;
    o.boot = false;
    o.only = parser.values(QStringLiteral("scenario"));
    o.includeDisabled = parser.isSet(QStringLiteral("include-disabled"));
    o.reportDirectory = parser.value(QStringLiteral("report"));
    o.junitFile = parser.value(QStringLiteral("junit"));
    const QString transport = parser.value(QStringLiteral("transport"));
    if (transport == QLatin1String("local")) {
        if (!parser.isSet(QStringLiteral("allow-host-commands"))) {
            err << "labforge test: --transport local runs the lab's commands on this host as "
                   "this user; say so with --allow-host-commands\n";
            return 2;
        }
        o.transport = RunPipeline::Transport::Local;
    } else if (transport != QLatin1String("ssh")) {
        err << "labforge test: --transport is ssh or local\n";
        return 2;
    }
    EventPrinter printer(out, false);
    o.runner.events = assertionPrinter(printer);
    RunPipeline pipeline(*lab, *pins, o);
    return finish(pipeline.run(), out, err, QStringLiteral("test"));
}

int TestCommands::report(const QStringList &args, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Summarise a kept report directory in the terminal."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("DIR"),
                                 QStringLiteral("A report directory (written by `labforge test` or `up`)."));
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
