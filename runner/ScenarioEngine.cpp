#include "ScenarioEngine.h"

#include "ExpectationMatcher.h"
#include "Lab.h"
#include "LabActions.h"
#include "Redactor.h"
#include "Transport.h"

#include <QElapsedTimer>
#include <QThread>

namespace Labforge {

namespace {

constexpr int DefaultIntervalSeconds = 5;

void send(const ScenarioEngine::Options &o, RunEvent::Type type, const AssertionResult &r, const QString &message)
{
    if (!o.events)
        return;
    RunEvent e;
    e.type = type;
    e.stage = QStringLiteral("scenario");
    e.node = r.node;
    e.state = r.scenario + QLatin1Char('/') + r.stepId;
    e.message = o.redactor ? o.redactor->redact(message) : message;
    o.events(e);
}

QString redact(const ScenarioEngine::Options &o, const QString &text)
{
    return o.redactor ? o.redactor->redact(text) : text;
}

// A step that acts on the lab: one attempt, its evidence kept like a command's.
void actOnLab(const ScenarioEngine::Options &o, const ScenarioStep &step, AssertionResult &r)
{
    send(o, RunEvent::Type::AssertionAttempt, r, QStringLiteral("power-cycling %1").arg(step.node));
    AssertionResult::Attempt a;
    a.number = 1;
    a.started = QDateTime::currentDateTimeUtc();
    QElapsedTimer clock;
    clock.start();
    LabActions::Result done;
    if (o.actions)
        done = o.actions->powerCycle(step.node, *step.assertion.timeoutSeconds * 1000, o.cancel);
    else
        done.message =
            QStringLiteral("this run cannot act on the lab (no libvirt run behind it, e.g. --transport local)");
    a.durationMs = clock.elapsed();
    a.exitCode = done.ok ? 0 : 1;
    a.stdoutExcerpt = redact(o, done.output);
    a.verdict = redact(o, done.ok ? QStringLiteral("passed") : done.message);
    r.attempts.append(a);
    r.durationMs = a.durationMs;
    if (done.ok) {
        r.state = AssertionResult::State::Passed;
        r.message = redact(o, done.message);
        send(o, RunEvent::Type::AssertionPassed, r, r.message);
    } else if (o.cancel.isCancelled()) {
        r.state = AssertionResult::State::Skipped;
        r.message = QStringLiteral("cancelled while power-cycling");
        send(o, RunEvent::Type::AssertionSkipped, r, r.message);
    } else {
        r.state = AssertionResult::State::Failed;
        r.message = redact(o, QStringLiteral("failed: %1").arg(done.message));
        send(o, RunEvent::Type::AssertionFailed, r, r.message);
    }
}

} // namespace

QString ScenarioEngine::excerpt(const QByteArray &data, int limit)
{
    if (data.size() <= limit)
        return QString::fromUtf8(data);
    const int head = limit / 4;
    const int tail = limit - head;
    return QString::fromUtf8(data.left(head)) + QStringLiteral("\n[… %1 bytes left out …]\n").arg(data.size() - limit)
        + QString::fromUtf8(data.right(tail));
}

RunReport ScenarioEngine::run(const Lab &lab, Transport &transport, const Options &o)
{
    RunReport report;
    report.lab = lab.name;
    report.started = QDateTime::currentDateTimeUtc();
    QList<const Scenario *> selected;
    for (const Scenario &s : lab.scenarios) {
        const bool named = o.only.contains(s.name);
        if ((o.only.isEmpty() && (s.enabled || o.includeDisabled)) || (named && (s.enabled || o.includeDisabled)))
            selected.append(&s);
    }
    for (const Scenario *s : selected) {
        report.scenarios.append(s->name);
        for (const ScenarioStep &step : s->steps) {
            AssertionResult r;
            r.scenario = s->name;
            r.stepId = step.id;
            r.description = step.description;
            r.node = step.node;
            r.type = step.assertion.type;
            const bool powerCycle = step.assertion.type == Assertion::Type::PowerCycle;
            r.command = powerCycle
                ? QStringLiteral("(libvirt: hard power-off of %1's VM, start, wait for SSH)").arg(step.node)
                : redact(o, step.assertion.command);
            r.expectation = powerCycle ? QStringLiteral("back over SSH with a new boot id")
                : step.assertion.type == Assertion::Type::CommandOutput
                ? ExpectationMatcher::describe(step.assertion.expect)
                : QStringLiteral("exit status 0");
            r.timeoutSeconds = step.assertion.timeoutSeconds.value_or(0);
            r.gating = s->enabled && s->gating;
            report.results.append(r);
        }
    }
    for (AssertionResult &r : report.results)
        send(o, RunEvent::Type::AssertionStarted, r, QStringLiteral("waiting: %1").arg(r.description));

    int index = 0;
    for (const Scenario *s : selected) {
        for (const ScenarioStep &step : s->steps) {
            AssertionResult &r = report.results[index++];
            if (o.cancel.isCancelled()) {
                r.state = AssertionResult::State::Skipped;
                r.message = QStringLiteral("the run was cancelled");
                send(o, RunEvent::Type::AssertionSkipped, r, r.message);
                continue;
            }
            if (!step.assertion.timeoutSeconds
                || (Assertion::runsCommand(step.assertion.type) && step.assertion.command.trimmed().isEmpty())) {
                r.state = AssertionResult::State::Failed;
                r.message =
                    QStringLiteral("the step has no timeout or no command; labforge never runs an unbounded check");
                send(o, RunEvent::Type::AssertionFailed, r, r.message);
                continue;
            }
            r.state = AssertionResult::State::Running;
            r.started = QDateTime::currentDateTimeUtc();
            if (step.assertion.type == Assertion::Type::PowerCycle) {
                actOnLab(o, step, r);
                continue;
            }
            QElapsedTimer clock;
            clock.start();
            const qint64 budgetMs = qint64(*step.assertion.timeoutSeconds) * 1000;
            double intervalS = step.assertion.intervalSeconds.value_or(DefaultIntervalSeconds);
            QString lastVerdict;
            for (int attempt = 1;; ++attempt) {
                const qint64 remaining = budgetMs - clock.elapsed();
                if (remaining <= 0 || o.cancel.isCancelled())
                    break;
                send(o, RunEvent::Type::AssertionAttempt, r,
                     QStringLiteral("attempt %1 (%2 s left)").arg(attempt).arg(remaining / 1000));
                AssertionResult::Attempt a;
                a.number = attempt;
                a.started = QDateTime::currentDateTimeUtc();
                const Transport::Result t = transport.run(step.node, step.assertion.command, int(remaining), o.cancel);
                a.durationMs = t.elapsedMs;
                a.exitCode = t.exitCode;
                a.timedOut = t.timedOut;
                a.transportFailed = t.transportFailed;
                a.stdoutExcerpt = redact(o, excerpt(t.stdoutData, o.excerptBytes));
                a.stderrExcerpt = redact(o, excerpt(t.stderrData, o.excerptBytes));
                bool passed = false;
                if (t.transportFailed)
                    a.verdict = QStringLiteral("could not reach %1: %2").arg(step.node, t.error);
                else if (t.cancelled)
                    a.verdict = QStringLiteral("cancelled");
                else if (t.timedOut)
                    a.verdict = QStringLiteral("the command outlived the assertion's %1 s bound")
                                    .arg(*step.assertion.timeoutSeconds);
                else if (t.exitCode != 0)
                    a.verdict = QStringLiteral("exit status %1").arg(t.exitCode);
                else if (step.assertion.type == Assertion::Type::CommandOutput)
                    passed =
                        ExpectationMatcher::matches(step.assertion.expect, QString::fromUtf8(t.stdoutData), &a.verdict);
                else
                    passed = true;
                if (passed)
                    a.verdict = QStringLiteral("passed");
                a.verdict = redact(o, a.verdict);
                r.attempts.append(a);
                lastVerdict = a.verdict;
                if (passed) {
                    r.state = AssertionResult::State::Passed;
                    break;
                }
                // Back off, never past the bound.
                const qint64 wait = std::min<qint64>(qint64(intervalS * 1000), budgetMs - clock.elapsed());
                if (wait <= 0)
                    break;
                for (qint64 slept = 0; slept < wait && !o.cancel.isCancelled(); slept += 100)
                    QThread::msleep(std::min<qint64>(100, wait - slept));
                intervalS = std::min<double>(intervalS * o.backoff, o.maxIntervalSeconds);
            }
            r.durationMs = clock.elapsed();
            if (r.state == AssertionResult::State::Passed) {
                r.message = QStringLiteral("passed after %1 attempt(s) in %2 s")
                                .arg(r.attempts.size())
                                .arg(r.durationMs / 1000.0, 0, 'f', 1);
                send(o, RunEvent::Type::AssertionPassed, r, r.message);
            } else if (o.cancel.isCancelled()) {
                r.state = AssertionResult::State::Skipped;
                r.message = QStringLiteral("cancelled after %1 attempt(s)").arg(r.attempts.size());
                send(o, RunEvent::Type::AssertionSkipped, r, r.message);
            } else {
                r.state = AssertionResult::State::Failed;
                r.message = QStringLiteral("failed after %1 attempt(s) in %2 s: %3")
                                .arg(r.attempts.size())
                                .arg(r.durationMs / 1000.0, 0, 'f', 1)
                                .arg(lastVerdict);
                send(o, RunEvent::Type::AssertionFailed, r, r.message);
            }
        }
    }
    report.finished = QDateTime::currentDateTimeUtc();
    return report;
}

} // namespace Labforge
