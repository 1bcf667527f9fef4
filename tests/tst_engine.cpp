// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// The scenario engine with the local transport: bounded timeouts, retries with
// backoff, every expectation kind, empty output failing, cancel, evidence, redaction.
#include "BootAnalysis.h"
#include "ExpectationMatcher.h"
#include "FeatureModules.h"
#include "LabActions.h"
#include "LinkLayout.h"
#include "LocalTransport.h"
#include "Redactor.h"
#include "ReportWriter.h"
#include "ScenarioEngine.h"
#include "StepFigures.h"
#include "TestLabs.h"
#include "Transport.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QTimeZone>

using namespace Labforge;

namespace {

ScenarioStep step(const QString &id, const QString &command, int timeout,
                  std::optional<Expectation> expect = std::nullopt, int interval = 1)
{
    ScenarioStep s;
    s.id = id;
    s.description = id;
    s.node = QStringLiteral("proxy");
    s.assertion.type = expect ? Assertion::Type::CommandOutput : Assertion::Type::CommandSucceeds;
    s.assertion.command = QStringLiteral("set -euo pipefail\n") + command;
    s.assertion.timeoutSeconds = timeout;
    s.assertion.intervalSeconds = interval;
    if (expect)
        s.assertion.expect = *expect;
    return s;
}

Lab labWith(const QList<ScenarioStep> &steps, bool enabled = true, bool gating = true)
{
    Lab lab = TestLabs::builtIn(QStringLiteral("web-lab"));
    lab.scenarios = {Scenario {QStringLiteral("s"), QString(), enabled, gating, steps}};
    return lab;
}

Expectation equals(const QString &v)
{
    Expectation e;
    e.equals = v;
    return e;
}

// Records what the engine asks of the lab; the real implementation (libvirt) is proven by
// the native HPC lab's VM test.
class RecordingActions : public LabActions
{
public:
    Result powerCycle(const QString &node, int timeoutMs, const CancelToken &) override
    {
        calls.append(QStringLiteral("%1 %2").arg(node).arg(timeoutMs));
        return next;
    }
    Result link(Assertion::Type action, const QString &node, const Assertion::Link &link) override
    {
        calls.append(QStringLiteral("%1 %2 %3 %4").arg(Assertion::typeName(action), node, link.peer, link.network));
        return next;
    }
    QStringList calls;
    Result next;
};

ScenarioStep powerCycle(const QString &node, int timeout)
{
    ScenarioStep s;
    s.id = QStringLiteral("cycle");
    s.description = s.id;
    s.node = node;
    s.assertion.type = Assertion::Type::PowerCycle;
    s.assertion.timeoutSeconds = timeout;
    return s;
}

} // namespace

class TestEngine : public QObject
{
    Q_OBJECT

public:
    // The composition root: the recipe features, as app/main.cpp installs them.
    static void initMain() { Labforge::FeatureModules::install(); }
private Q_SLOTS:
    void matcher_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("argument");
        QTest::addColumn<QString>("output");
        QTest::addColumn<bool>("passes");
        QTest::newRow("equals") << "equals"
                                << "ready=5 total=5"
                                << "ready=5 total=5\n"
                                << true;
        QTest::newRow("equals differs") << "equals"
                                        << "ready=5 total=5"
                                        << "ready=4 total=5\n"
                                        << false;
        QTest::newRow("contains") << "contains"
                                  << "v4.2.3"
                                  << "v4.2.3+gabcdef\n"
                                  << true;
        QTest::newRow("contains missing") << "contains"
                                          << "v4.2.3"
                                          << "v4.2.2\n"
                                          << false;
        QTest::newRow("matches") << "matches"
                                 << "^replaced=yes JobState=(RUNNING|PENDING)$"
                                 << "replaced=yes JobState=RUNNING\n"
                                 << true;
        QTest::newRow("matches not") << "matches"
                                     << "^replaced=yes"
                                     << "replaced=no\n"
                                     << false;
        QTest::newRow("integer ==") << "integer =="
                                    << "5"
                                    << " 5 \n"
                                    << true;
        QTest::newRow("integer >= fails") << "integer >="
                                          << "5"
                                          << "4\n"
                                          << false;
        QTest::newRow("integer not a number") << "integer =="
                                              << "5"
                                              << "five\n"
                                              << false;
        QTest::newRow("line count") << "line_count"
                                    << "2"
                                    << "compute-1\n\ncompute-2\n"
                                    << true;
        QTest::newRow("line count wrong") << "line_count"
                                          << "2"
                                          << "compute-1\n"
                                          << false;
        QTest::newRow("empty output never passes, even for empty equals") << "equals"
                                                                          << ""
                                                                          << "\n"
                                                                          << false;
        QTest::newRow("empty output never passes a regex that matches empty") << "matches"
                                                                              << ".*"
                                                                              << "" << false;
        QTest::newRow("whitespace only is empty") << "contains"
                                                  << " "
                                                  << "   \n"
                                                  << false;
    }
    // systemd-analyze's summary line, as Debian 13 guests print it, into seconds per phase.
    void bootAnalysisParsesSystemdAnalyze()
    {
        const auto f = BootAnalysis::parse(QStringLiteral(
            "Startup finished in 2.381s (kernel) + 870ms (initrd) + 1min 5.600s (userspace) = 1min 8.851s\n"
            "multi-user.target reached after 1min 5.512s in userspace.\n"));
        QCOMPARE(f.kernelS, 2.381);
        QCOMPARE(f.initrdS, 0.87);
        QCOMPARE(f.userspaceS, 65.6);
        QCOMPARE(f.multiUserS, 2.381 + 0.87 + 65.512);
        QVERIFY(f.raw.startsWith(QStringLiteral("Startup finished")));
        const auto unfinished = BootAnalysis::parse(QStringLiteral(
            "Bootup is not yet finished (org.freedesktop.systemd1.Manager.FinishTimestampMonotonic=0).\n"));
        QCOMPARE(unfinished.userspaceS, -1.0);
        QVERIFY(unfinished.raw.contains(QStringLiteral("not yet finished")));
        QCOMPARE(BootAnalysis::seconds(QStringLiteral("1h 2min 3s")), 3723.0);
        QCOMPARE(BootAnalysis::seconds(QStringLiteral("soon")), -1.0);
    }

    // The nodes booted together, so their startups are waited for under one bound: a node
    // asked after another waited gets what is left of it (at least a second), never the whole
    // bound again.
    void bootAnalysisWaitsOnceForAllNodes()
    {
        class WaitingTransport : public Transport
        {
        public:
            QList<int> bounds;
            Result run(const QString &, const QString &script, int, const CancelToken &) override
            {
                static const QRegularExpression bound(QStringLiteral("^timeout (\\d+) systemctl is-system-running"));
                bounds.append(bound.match(script).captured(1).toInt());
                QThread::msleep(1100); // as a node whose startup has not finished
                Result r;
                r.exitCode = 0;
                r.stdoutData = "Startup finished in 1.000s (kernel) + 2.000s (userspace) = 3.000s\n";
                return r;
            }
        } transport;
        const auto figures = BootAnalysis::query(
            transport, {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c"), QStringLiteral("d")}, {}, 2);
        QCOMPARE(figures.size(), 4);
        QCOMPARE(transport.bounds, (QList<int> {2, 1, 1, 1}));
        QVERIFY(BootAnalysis::script().startsWith(QStringLiteral("timeout 120 systemctl is-system-running --wait")));
    }

    // What the node's analysis script answers (systemd-analyze time, when sshd became
    // active, the slowest units, the critical chain) into the figures, an empty section
    // included; and the plain table of them.
    void bootAnalysisReadsTheWholeAnswer()
    {
        const auto f = BootAnalysis::parseAnswer(
            QStringLiteral("Startup finished in 3.000s (kernel) + 1.500s (initrd) + 20.250s (userspace) = 24.750s\n"
                           "multi-user.target reached after 19.900s in userspace.\n"
                           "@@sshd\n17250000\n@@blame\n12.1s labforge-seed.service\n3.2s systemd-networkd.service\n"
                           "@@chain\n"));
        QCOMPARE(f.kernelS, 3.0);
        QCOMPARE(f.multiUserS, 3.0 + 1.5 + 19.9);
        QCOMPARE(f.sshdS, 17.25);
        QCOMPARE(f.blame, QStringLiteral("12.1s labforge-seed.service\n3.2s systemd-networkd.service"));
        QCOMPARE(f.criticalChain, QString());
        QVERIFY(!f.raw.contains(QStringLiteral("@@")));
        BootAnalysis::Figures withHost = f;
        withHost.defineS = 0.05;
        withHost.firstCommandS = 26.4;
        const QStringList lines = BootAnalysis::table({{QStringLiteral("web"), withHost}}).split(QLatin1Char('\n'));
        QVERIFY2(lines.value(0).startsWith(QStringLiteral("node"))
                     && lines.value(0).contains(QStringLiteral("first cmd")),
                 qPrintable(lines.value(0)));
        QVERIFY2(lines.value(1).simplified() == QStringLiteral("web 0.1s 3.0s 1.5s 24.4s 17.3s 26.4s"),
                 qPrintable(lines.value(1)));
    }

    // The report keeps the timeline and each node's boot figures through JSON, and the HTML
    // shows both (the chart, and a table with started / SSH answered / kernel / initrd / userspace).
    void reportKeepsTheTimelineAndBootFigures()
    {
        RunReport report;
        report.lab = QStringLiteral("web-lab");
        report.started = QDateTime(QDate(2026, 12, 1), QTime(4, 0), QTimeZone::utc());
        report.finished = report.started.addSecs(300);
        const auto at = [&](int s) {
            return report.started.addSecs(s);
        };
        report.timeline = {RunTimeline::Span {RunStage::Boot, {}, QStringLiteral("boot"), at(10), at(12), false},
                           RunTimeline::Span {RunStage::Boot, QStringLiteral("web"), QStringLiteral("booting"), at(11),
                                              at(95), false}};
        BootAnalysis::Figures figures =
            BootAnalysis::parse(QStringLiteral("Startup finished in 2.381s (kernel) + 870ms (initrd) + 1min 5.600s "
                                               "(userspace) = 1min 8.851s\nmulti-user.target reached after 1min "
                                               "5.000s in userspace."));
        figures.defineS = 0.21;
        figures.sshdS = 40.5;
        figures.firstCommandS = 70.21;
        figures.blame = QStringLiteral("41.0s labforge-seed.service");
        report.bootAnalysis.insert(QStringLiteral("web"), figures);
        const RunReport again = RunReport::fromJson(report.toJson());
        QCOMPARE(again.timeline, report.timeline);
        QCOMPARE(again.bootAnalysis, report.bootAnalysis);
        const QString html = QString::fromUtf8(ReportWriter::html(report));
        QVERIFY(html.contains(QStringLiteral("class='timeline'")));
        QVERIFY(html.contains(QStringLiteral("id=\"boot-analysis\"")));
        QVERIFY2(html.contains(
                     QStringLiteral("<td>web</td><td>0.2 s</td><td>11.000 s</td><td>95.000 s</td><td>2.4 s</td><td>0.9 "
                                    "s</td><td>68.3 s</td><td>40.5 s</td><td>70.2 s</td>")),
                 qPrintable(html));
        QVERIFY(html.contains(QStringLiteral("41.0s labforge-seed.service")));
    }

    // The report's diagram draws the lab's links from card to card, as the canvas does,
    // with a lab's strings escaped; a lab without links has none.
    void reportDiagramDrawsTheLinks()
    {
        Lab lab = TestLabs::builtIn(QStringLiteral("slurm-hpc"));
        lab.links[1].label = QStringLiteral("k8s <control>");
        const QString svg = ReportWriter::diagramSvg(lab, nullptr);
        QCOMPARE(svg.count(QStringLiteral("<line class='link'")), 8);
        const QList<QLineF> lines = LinkLayout::lines(lab);
        QVERIFY2(svg.contains(QStringLiteral("<line class='link' x1='%1' y1='%2' x2='%3' y2='%4'")
                                  .arg(lines.at(4).x1())
                                  .arg(lines.at(4).y1())
                                  .arg(lines.at(4).x2())
                                  .arg(lines.at(4).y2())),
                 qPrintable(svg));
        QVERIFY(svg.contains(QStringLiteral("<title>storage – controller (hpc-lab)</title>")));
        QVERIFY(svg.contains(QStringLiteral(">k8s &lt;control&gt;</text>")));
        QCOMPARE(ReportWriter::diagramSvg(TestLabs::builtIn(QStringLiteral("web-lab")), nullptr)
                     .count(QStringLiteral("class='link'")),
                 0);
    }

    void matcher()
    {
        QFETCH(QString, field);
        QFETCH(QString, argument);
        QFETCH(QString, output);
        QFETCH(bool, passes);
        Expectation e;
        if (field == QLatin1String("equals"))
            e.equals = argument;
        else if (field == QLatin1String("contains"))
            e.contains = argument;
        else if (field == QLatin1String("matches"))
            e.matches = argument;
        else if (field == QLatin1String("line_count"))
            e.lineCount = argument.toInt();
        else {
            e.integerOp = field.section(QLatin1Char(' '), 1);
            e.integerValue = argument.toLongLong();
        }
        QString why;
        QCOMPARE(ExpectationMatcher::matches(e, output, &why), passes);
        QCOMPARE(why.isEmpty(), passes);
    }

    void passesOnFirstAttemptWithEvidence()
    {
        LocalTransport t;
        const RunReport r =
            ScenarioEngine::run(labWith({step(QStringLiteral("a"), QStringLiteral("echo hello; echo warn >&2\n"), 10,
                                              equals(QStringLiteral("hello")))}),
                                t, {});
        QCOMPARE(r.results.size(), 1);
        const AssertionResult &a = r.results.first();
        QCOMPARE(a.state, AssertionResult::State::Passed);
        QCOMPARE(a.attempts.size(), 1);
        QCOMPARE(a.attempts.first().exitCode, 0);
        QCOMPARE(a.attempts.first().stdoutExcerpt, QStringLiteral("hello\n"));
        QCOMPARE(a.attempts.first().stderrExcerpt, QStringLiteral("warn\n"));
        QVERIFY(a.command.contains(QStringLiteral("echo hello")));
        QCOMPARE(r.exitCode(), 0);
    }

    // Topology variables run expanded from the lab (the report shows the command as it ran);
    // a variable that does not expand fails its step without running anything.
    void stepsRunWithTheirVariablesExpanded()
    {
        LocalTransport t;
        const Lab lab = labWith({step(QStringLiteral("count"), QStringLiteral("echo {{count}} {{nodes}}\n"), 10,
                                      equals(QStringLiteral("{{count}} {{nodes}}"))),
                                 step(QStringLiteral("unknown"), QStringLiteral("echo {{nodes:colour=blue}}\n"), 10)});
        QStringList ids;
        for (const Node &n : lab.nodes)
            ids.append(n.id);
        ids.sort();
        const RunReport r = ScenarioEngine::run(lab, t, {});
        QCOMPARE(r.results.size(), 2);
        const AssertionResult &a = r.results.at(0);
        QVERIFY2(a.state == AssertionResult::State::Passed, qPrintable(a.message));
        QCOMPARE(a.attempts.first().stdoutExcerpt, QStringLiteral("%1 %2\n").arg(lab.nodes.size()).arg(ids.join(u',')));
        QVERIFY2(a.command.contains(QStringLiteral("echo %1 ").arg(lab.nodes.size())), qPrintable(a.command));
        const AssertionResult &b = r.results.at(1);
        QCOMPARE(b.state, AssertionResult::State::Failed);
        QVERIFY(b.attempts.isEmpty());
        QVERIFY2(b.message.contains(QStringLiteral("{{nodes:colour=blue}}: the selector is")), qPrintable(b.message));
    }

    // A selector nobody knows, and an expectation that expansion empties, fail their step
    // without running it: neither can pass on any output.
    void stepsThatExpansionMakesVacuousFail()
    {
        LocalTransport t;
        const Lab lab = labWith({step(QStringLiteral("typo"), QStringLiteral("echo {{count:feature=typo}}\n"), 10,
                                      equals(QStringLiteral("0"))),
                                 step(QStringLiteral("emptied"), QStringLiteral("echo anything\n"), 10,
                                      equals(QStringLiteral("{{nodes:role=storage}}"))),
                                 step(QStringLiteral("fine"), QStringLiteral("echo {{count:role=storage}}\n"), 10,
                                      equals(QStringLiteral("0")))});
        const RunReport r = ScenarioEngine::run(lab, t, {});
        QCOMPARE(r.results.size(), 3);
        for (int i : {0, 1}) {
            const AssertionResult &a = r.results.at(i);
            QVERIFY2(a.state == AssertionResult::State::Failed, qPrintable(a.stepId));
            QVERIFY(a.attempts.isEmpty());
        }
        QVERIFY2(r.results.at(0).message.contains(QStringLiteral("no node has feature \"typo\"")),
                 qPrintable(r.results.at(0).message));
        QVERIFY2(r.results.at(1).message.contains(QStringLiteral("expectation is empty")),
                 qPrintable(r.results.at(1).message));
        // A known role the lab lacks counts 0: a real check, that runs.
        QVERIFY2(r.results.at(2).state == AssertionResult::State::Passed, qPrintable(r.results.at(2).message));
    }

    // A step's "labforge-figure NAME VALUE [UNIT]" lines are figures of the report: kept in
    // report.json (and read back), tabled in the HTML report, JUnit properties. Lines that
    // are not well-formed stay plain output.
    void stepsReportFigures()
    {
        LocalTransport t;
        const QString command = QStringLiteral("echo 'HPL_Tflops=0.00213'\n"
                                               "echo 'labforge-figure HPL_Tflops 2.13e-3 Tflop/s'\n"
                                               "echo 'labforge-figure Latency 41.5 us'\n"
                                               "echo 'labforge-figure Count 7'\n"
                                               "echo 'labforge-figure 9bad 1 s'\n"
                                               "echo 'labforge-figure NotANumber twelve s'\n"
                                               "echo 'labforge-figure Infinite inf s'\n"
                                               "echo 'labforge-figure Spaced 1 two words'\n"
                                               "echo 'labforge-figure Evil 1 <b>'\n"
                                               "echo '  labforge-figure Indented 1 s'\n");
        const RunReport r = ScenarioEngine::run(labWith({step(QStringLiteral("bench"), command, 10)}), t, {});
        QCOMPARE(r.results.first().state, AssertionResult::State::Passed);
        const QList<StepFigure> expected {{QStringLiteral("HPL_Tflops"), 2.13e-3, QStringLiteral("Tflop/s")},
                                          {QStringLiteral("Latency"), 41.5, QStringLiteral("us")},
                                          {QStringLiteral("Count"), 7, QString()}};
        QCOMPARE(r.results.first().figures, expected);
        QCOMPARE(RunReport::fromJson(r.toJson()).results.first().figures, expected);
        const QString html = QString::fromUtf8(ReportWriter::html(r));
        QVERIFY2(html.contains(QStringLiteral("<tr><td>bench</td><td>proxy</td><td>HPL_Tflops</td><td>0.00213 "
                                              "Tflop/s</td></tr>")),
                 qPrintable(html));
        QVERIFY(html.contains(QStringLiteral("<td>Count</td><td>7</td>")));
        QVERIFY(!html.contains(QStringLiteral("<td>Evil</td>")));
        QVERIFY(QString::fromUtf8(ReportWriter::junit(r))
                    .contains(QStringLiteral("<property name=\"figure.Latency\" value=\"41.5 us\"/>")));
        // A report without figures has no such table.
        const RunReport plain =
            ScenarioEngine::run(labWith({step(QStringLiteral("a"), QStringLiteral("echo hello\n"), 10)}), t, {});
        QVERIFY(!QString::fromUtf8(ReportWriter::html(plain)).contains(QStringLiteral("id=\"figures\"")));
        // At most StepFigures::MaxPerStep.
        QByteArray many;
        for (int i = 0; i < 100; ++i)
            many += "labforge-figure F" + QByteArray::number(i) + " 1\n";
        QCOMPARE(StepFigures::parse(many).size(), StepFigures::MaxPerStep);
    }

    void retriesUntilTheConditionHolds()
    {
        QTemporaryDir dir;
        const QString counter = dir.filePath(QStringLiteral("n"));
        // Succeeds on the third attempt.
        const QString cmd =
            QStringLiteral("n=$(cat %1 2>/dev/null || echo 0); n=$((n + 1)); echo $n > %1; [ $n -ge 3 ]; echo done\n")
                .arg(counter);
        LocalTransport t;
        const RunReport r =
            ScenarioEngine::run(labWith({step(QStringLiteral("a"), cmd, 30, equals(QStringLiteral("done")))}), t, {});
        QCOMPARE(r.results.first().state, AssertionResult::State::Passed);
        QCOMPARE(r.results.first().attempts.size(), 3);
        QCOMPARE(r.results.first().attempts.at(0).verdict, QStringLiteral("exit status 1"));
    }

    void failsWithinItsBound()
    {
        LocalTransport t;
        QElapsedTimer timer;
        timer.start();
        // A command that would run for a minute, under a 3 s bound.
        const RunReport r =
            ScenarioEngine::run(labWith({step(QStringLiteral("slow"), QStringLiteral("sleep 60\n"), 3)}), t, {});
        const qint64 elapsed = timer.elapsed();
        QCOMPARE(r.results.first().state, AssertionResult::State::Failed);
        QVERIFY2(elapsed < 15000, qPrintable(QString::number(elapsed))); // bounded: far less than the command's minute
        QVERIFY(r.results.first().attempts.last().timedOut);
        QCOMPARE(r.exitCode(), 1);
    }

    void emptyOutputFails()
    {
        LocalTransport t;
        Expectation e;
        e.matches = QStringLiteral(".*");
        const RunReport r =
            ScenarioEngine::run(labWith({step(QStringLiteral("quiet"), QStringLiteral("true\n"), 2, e)}), t, {});
        QCOMPARE(r.results.first().state, AssertionResult::State::Failed);
        QVERIFY(r.results.first().message.contains(QStringLiteral("empty output never passes")));
    }

    void disabledScenariosRunOnlyOnRequestAndNeverGate()
    {
        LocalTransport t;
        const Lab lab = labWith({step(QStringLiteral("x"), QStringLiteral("false\n"), 2)}, false, false);
        QCOMPARE(ScenarioEngine::run(lab, t, {}).results.size(), 0);
        QCOMPARE(ScenarioEngine::run(lab, t, {}).exitCode(), 2); // nothing ran
        ScenarioEngine::Options o;
        o.includeDisabled = true;
        const RunReport r = ScenarioEngine::run(lab, t, o);
        QCOMPARE(r.results.size(), 1);
        QCOMPARE(r.results.first().state, AssertionResult::State::Failed);
        QVERIFY(!r.results.first().gating);
        QCOMPARE(r.exitCode(), 2); // a failed non-gating check does not fail the run
    }

    void cancelSkipsWhatIsLeft()
    {
        LocalTransport t;
        ScenarioEngine::Options o;
        o.events = [&](const RunEvent &e) {
            if (e.type == RunEvent::Type::AssertionAttempt)
                o.cancel.cancel();
        };
        QElapsedTimer timer;
        timer.start();
        const RunReport r = ScenarioEngine::run(labWith({step(QStringLiteral("a"), QStringLiteral("sleep 30\n"), 60),
                                                         step(QStringLiteral("b"), QStringLiteral("true\n"), 60)}),
                                                t, o);
        QVERIFY(timer.elapsed() < 15000);
        QCOMPARE(r.results.at(0).state, AssertionResult::State::Skipped);
        QCOMPARE(r.results.at(1).state, AssertionResult::State::Skipped);
    }

    // Every assertion event carries its step and the step's description as fields (the
    // assertions panel shows the description without reading the log line).
    void assertionEventsCarryTheStepDescription()
    {
        LocalTransport t;
        ScenarioStep s = step(QStringLiteral("first"), QStringLiteral("true\n"), 5);
        s.description = QStringLiteral("the first check holds");
        QList<RunEvent> events;
        ScenarioEngine::Options o;
        o.events = [&](const RunEvent &e) {
            events.append(e);
        };
        QCOMPARE(ScenarioEngine::run(labWith({s}), t, o).exitCode(), 0);
        QVERIFY(events.size() >= 2);
        for (const RunEvent &e : std::as_const(events)) {
            QCOMPARE(e.stage, RunStage::Scenario);
            QVERIFY(e.assertion.endsWith(QStringLiteral("/first")));
            QCOMPARE(e.description, QStringLiteral("the first check holds"));
        }
    }

    // One step whose output holds `secret` as the ops password, run with 1,000-byte excerpts.
    static RunReport runWithSecret(const QString &secret, const QString &command)
    {
        LocalTransport t;
        Redactor redactor;
        redactor.add(QStringLiteral("ops-password"), secret);
        ScenarioEngine::Options o;
        o.redactor = &redactor;
        o.excerptBytes = 1000;
        return ScenarioEngine::run(
            labWith({step(QStringLiteral("evidence"), command, 2, equals(QStringLiteral("never")))}), t, o);
    }

    void evidenceIsBoundedAndRedacted()
    {
        const RunReport r = runWithSecret(QStringLiteral("CANARY-PW-991"),
                                          QStringLiteral("printf '%050000d' 0; echo; echo CANARY-PW-991\n"));
        const AssertionResult &a = r.results.first();
        QVERIFY(a.attempts.first().stdoutExcerpt.size() < 1200);
        QVERIFY(a.attempts.first().stdoutExcerpt.contains(QStringLiteral("bytes left out")));
        QVERIFY(a.attempts.first().stdoutExcerpt.contains(QStringLiteral("[redacted ops-password]")));
        QVERIFY(!QJsonDocument(r.toJson()).toJson().contains("CANARY-PW-991"));
    }

    void stepsWithoutABoundNeverRun()
    {
        LocalTransport t;
        ScenarioStep s = step(QStringLiteral("unbounded"), QStringLiteral("true\n"), 1);
        s.assertion.timeoutSeconds.reset();
        const RunReport r = ScenarioEngine::run(labWith({s}), t, {});
        QCOMPARE(r.results.first().state, AssertionResult::State::Failed);
        QVERIFY(r.results.first().attempts.isEmpty());
    }

    // A power_cycle step acts on the lab through LabActions, never runs a command, and keeps
    // what it reports as the attempt's evidence; without actions it fails, it never passes.
    void powerCycleActsOnTheLab()
    {
        LocalTransport t;
        RecordingActions actions;
        actions.next = {true, QStringLiteral("powered off and on"),
                        QStringLiteral("boot id before: a\nboot id after: b\n")};
        ScenarioEngine::Options o;
        o.actions = &actions;
        const RunReport passed = ScenarioEngine::run(labWith({powerCycle(QStringLiteral("web"), 90)}), t, o);
        QCOMPARE(actions.calls, QStringList {QStringLiteral("web 90000")});
        QCOMPARE(passed.results.first().state, AssertionResult::State::Passed);
        QCOMPARE(passed.results.first().attempts.first().stdoutExcerpt, actions.next.output);
        QVERIFY(passed.results.first().command.contains(QStringLiteral("power-off")));
        QCOMPARE(passed.exitCode(), 0);

        actions.next = {false, QStringLiteral("node web did not answer over SSH within 90 s"), {}};
        const RunReport failed = ScenarioEngine::run(labWith({powerCycle(QStringLiteral("web"), 90)}), t, o);
        QCOMPARE(failed.results.first().state, AssertionResult::State::Failed);
        QVERIFY(failed.results.first().message.contains(QStringLiteral("did not answer")));
        QCOMPARE(failed.exitCode(), 1);

        const RunReport without = ScenarioEngine::run(labWith({powerCycle(QStringLiteral("web"), 90)}), t, {});
        QCOMPARE(without.results.first().state, AssertionResult::State::Failed);
        QVERIFY(without.results.first().message.contains(QStringLiteral("cannot act on the lab")));
    }

    // link_down, link_up and impair act on the lab through LabActions with the step's node,
    // peer and network, once each (no retries), and keep what is in force as evidence.
    void linkStepsActOnTheLab()
    {
        LocalTransport t;
        RecordingActions actions;
        actions.next = {true, QStringLiteral("cut the link between web and db"),
                        QStringLiteral("[{\"kind\":\"cut\"}]")};
        ScenarioEngine::Options o;
        o.actions = &actions;
        QList<ScenarioStep> steps;
        for (const Assertion::Type type :
             {Assertion::Type::LinkDown, Assertion::Type::Impair, Assertion::Type::LinkUp}) {
            ScenarioStep s = powerCycle(QStringLiteral("web"), 30);
            s.id = Assertion::typeName(type).replace(u'_', u'-');
            s.assertion.type = type;
            s.assertion.link.peer = QStringLiteral("db");
            s.assertion.link.network = QStringLiteral("lab-net");
            s.assertion.link.delayMs = 100;
            steps.append(s);
        }
        const RunReport passed = ScenarioEngine::run(labWith(steps), t, o);
        QCOMPARE(actions.calls,
                 (QStringList {QStringLiteral("link_down web db lab-net"), QStringLiteral("impair web db lab-net"),
                               QStringLiteral("link_up web db lab-net")}));
        QCOMPARE(passed.count(AssertionResult::State::Passed), 3);
        QCOMPARE(passed.results.first().attempts.size(), 1);
        QCOMPARE(passed.results.first().attempts.first().stdoutExcerpt, actions.next.output);
        QVERIFY2(passed.results.at(1).command.contains(QStringLiteral("delay 100 ms")),
                 qPrintable(passed.results.at(1).command));

        actions.calls.clear();
        actions.next = {false, QStringLiteral("web and db share no network"), {}};
        const RunReport failed = ScenarioEngine::run(labWith({steps.first()}), t, o);
        QCOMPARE(actions.calls.size(), 1); // one attempt, not retried
        QCOMPARE(failed.results.first().state, AssertionResult::State::Failed);
        QVERIFY(failed.results.first().message.contains(QStringLiteral("share no network")));
        const RunReport without = ScenarioEngine::run(labWith({steps.first()}), t, {});
        QVERIFY(without.results.first().message.contains(QStringLiteral("cannot act on the lab")));
    }

    void redactorReplacesEverySecret()
    {
        Redactor r;
        r.add(QStringLiteral("kubeadm-token"), QStringLiteral("abcdef.0123456789abcdef"));
        r.add(QStringLiteral("kubeadm-token"), QStringLiteral("0123456789abcdef"));
        QVERIFY(!r.add(QStringLiteral("x"), QStringLiteral("ab"))); // too short to redact safely: refused
        QCOMPARE(r.redact(QStringLiteral("join --token abcdef.0123456789abcdef ok")),
                 QStringLiteral("join --token [redacted kubeadm-token] ok"));
        QCOMPARE(r.redact(QStringLiteral("secret half 0123456789abcdef")),
                 QStringLiteral("secret half [redacted kubeadm-token]"));
        QCOMPARE(r.redact(QStringLiteral("about abc")), QStringLiteral("about abc"));
    }

    // A secret in the forms it takes in text: hex in either case, base64, and base64 or a
    // base64 secret wrapped into lines as PEM and MIME wrap them.
    void redactorReplacesEncodedForms()
    {
        Redactor r;
        const QString password = QStringLiteral("Canary-Password-4711-with-some-length-to-wrap-over-lines-xyz");
        QVERIFY(r.add(QStringLiteral("ops-password"), password));
        const QByteArray bytes = password.toUtf8();
        const QString base64 = QString::fromLatin1(bytes.toBase64());
        QString wrapped64, wrapped76;
        for (qsizetype i = 0; i < base64.size(); i += 64)
            wrapped64 += base64.mid(i, 64) + QLatin1Char('\n');
        for (qsizetype i = 0; i < base64.size(); i += 76)
            wrapped76 += base64.mid(i, 76) + QLatin1Char('\n');
        for (const QString &form : {QString::fromLatin1(bytes.toHex()), QString::fromLatin1(bytes.toHex().toUpper()),
                                    base64, wrapped64, wrapped76}) {
            const QString out = r.redact(QStringLiteral("before ") + form + QStringLiteral(" after"));
            QVERIFY2(out.contains(QStringLiteral("[redacted ops-password]")), qPrintable(out));
            // No piece of the form long enough to tell survives.
            for (const QString &line : form.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
                QVERIFY2(line.size() < 16 || !out.contains(line), qPrintable(out));
        }
    }

    // Evidence is redacted before it is cut: a secret that straddles the cut between the
    // excerpt's head and tail is not kept as two halves.
    void aSecretAcrossTheCutIsRedactedWhole()
    {
        // The head keeps 250 bytes: the secret starts 10 bytes before its end.
        const RunReport run = runWithSecret(
            QStringLiteral("CANARY-PW-ACROSS-THE-CUT-0042"),
            QStringLiteral("printf '%0240d' 0; printf CANARY-PW-ACROSS-THE-CUT-0042; printf '%05000d' 0\n"));
        const QString excerpt = run.results.first().attempts.first().stdoutExcerpt;
        QVERIFY2(excerpt.contains(QStringLiteral("bytes left out")), qPrintable(excerpt));
        QVERIFY2(!excerpt.contains(QStringLiteral("CANARY")), qPrintable(excerpt));
        QVERIFY2(!excerpt.contains(QStringLiteral("CUT-0042")), qPrintable(excerpt));
        QVERIFY(!QJsonDocument(run.toJson()).toJson().contains("ACROSS"));
    }
};

QTEST_GUILESS_MAIN(TestEngine)
#include "tst_engine.moc"
