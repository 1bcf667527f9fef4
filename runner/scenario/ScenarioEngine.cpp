// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "ScenarioEngine.h"

#include "EngineAssertionContext.h"
#include "Lab.h"
#include "LabActions.h"
#include "Redactor.h"
#include "StepVariables.h"
#include "Transport.h"
#include "assertions/AssertionTypeRegistry.h"

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
    e.stage = RunStage::Scenario;
    e.node = r.node;
    e.assertion = r.scenario + QLatin1Char('/') + r.stepId;
    e.message = o.redactor ? o.redactor->redact(message) : message;
    e.description = o.redactor ? o.redactor->redact(r.description) : r.description;
    o.events(e);
}

QByteArray redactBytes(const ScenarioEngine::Options &o, const QByteArray &data)
{
    return o.redactor ? o.redactor->redact(data) : data;
}

QString redact(const ScenarioEngine::Options &o, const QString &text)
{
    return o.redactor ? o.redactor->redact(text) : text;
}

// One step: its type's attempts, retried with backoff within the bounded timeout
// (types that do not retry get one), every attempt kept as evidence.
void runStep(const ScenarioEngine::Options &o, const ScenarioStep &step, AssertionContext &context, AssertionResult &r)
{
    const AssertionType &type = AssertionTypeRegistry::of(step.assertion.type);
    if (o.cancel.isCancelled()) {
        r.state = AssertionResult::State::Skipped;
        r.message = QStringLiteral("the run was cancelled");
        send(o, RunEvent::Type::AssertionSkipped, r, r.message);
        return;
    }
    if (!step.assertion.timeoutSeconds || (type.runsCommand() && step.assertion.command.trimmed().isEmpty())) {
        r.state = AssertionResult::State::Failed;
        r.message = QStringLiteral("the step has no timeout or no command; labforge never runs an unbounded check");
        send(o, RunEvent::Type::AssertionFailed, r, r.message);
        return;
    }
    r.state = AssertionResult::State::Running;
    r.started = QDateTime::currentDateTimeUtc();
    QElapsedTimer clock;
    clock.start();
    const qint64 budgetMs = qint64(*step.assertion.timeoutSeconds) * 1000;
    double intervalS = step.assertion.intervalSeconds.value_or(DefaultIntervalSeconds);
    QString lastVerdict;
    QString passMessage;
    for (int attempt = 1;; ++attempt) {
        const qint64 remaining = budgetMs - clock.elapsed();
        if (remaining <= 0 || o.cancel.isCancelled())
            break;
        send(o, RunEvent::Type::AssertionAttempt, r, type.attemptMessage(step, attempt, remaining));
        AssertionResult::Attempt a;
        a.number = attempt;
        a.started = QDateTime::currentDateTimeUtc();
        const AssertionType::Attempt done = type.attempt(step, int(remaining), context);
        a.durationMs = done.outcome.elapsedMs;
        a.exitCode = done.outcome.exitCode;
        a.timedOut = done.outcome.timedOut;
        a.transportFailed = done.outcome.unreachable;
        // Redacted whole, then cut: a secret across the cut never survives as two halves.
        const QByteArray output = redactBytes(o, done.outcome.stdoutData);
        a.stdoutExcerpt = ScenarioEngine::excerpt(output, o.excerptBytes);
        r.figures = StepFigures::parse(output);
        a.stderrExcerpt = ScenarioEngine::excerpt(redactBytes(o, done.outcome.stderrData), o.excerptBytes);
        a.verdict = redact(o, done.verdict);
        r.attempts.append(a);
        lastVerdict = a.verdict;
        if (done.passed) {
            r.state = AssertionResult::State::Passed;
            passMessage = done.passMessage;
            break;
        }
        if (!type.retries())
            break;
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
        r.message = !passMessage.isEmpty() ? redact(o, passMessage)
                                           : QStringLiteral("passed after %1 attempt(s) in %2 s")
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
    // Each step as it runs on this lab: its topology variables expanded ({{nodes:role=compute}} …).
    QList<ScenarioStep> steps;
    QList<QStringList> unexpanded;
    for (const Scenario *s : selected) {
        for (const ScenarioStep &raw : s->steps) {
            QStringList errors;
            steps.append(StepVariables::expanded(raw, lab, &errors));
            if (StepVariables::expansionEmptiesExpectation(raw, steps.constLast()))
                errors.append(QStringLiteral("the expectation is empty once expanded and would accept any output"));
            unexpanded.append(errors);
        }
    }
    qsizetype at = 0;
    for (const Scenario *s : selected) {
        report.scenarios.append(s->name);
        for (qsizetype i = 0; i < s->steps.size(); ++i) {
            const ScenarioStep &step = steps.at(at++);
            AssertionResult r;
            r.scenario = s->name;
            r.stepId = step.id;
            r.description = step.description;
            r.node = step.node;
            r.type = step.assertion.type;
            const AssertionType &type = AssertionTypeRegistry::of(step.assertion.type);
            r.command = redact(o, type.describeAction(step));
            r.expectation = type.describeExpectation(step.assertion);
            r.timeoutSeconds = step.assertion.timeoutSeconds.value_or(0);
            r.gating = s->enabled && s->gating;
            report.results.append(r);
        }
    }
    for (AssertionResult &r : report.results)
        send(o, RunEvent::Type::AssertionStarted, r, QStringLiteral("waiting: %1").arg(r.description));

    EngineAssertionContext context(transport, o.actions, o.cancel);
    for (qsizetype index = 0; index < steps.size(); ++index) {
        AssertionResult &r = report.results[index];
        if (!unexpanded.at(index).isEmpty()) {
            r.state = AssertionResult::State::Failed;
            r.message = QStringLiteral("the step's variables do not expand: %1")
                            .arg(unexpanded.at(index).join(QStringLiteral("; ")));
            send(o, RunEvent::Type::AssertionFailed, r, r.message);
            continue;
        }
        runStep(o, steps.at(index), context, r);
    }
    report.finished = QDateTime::currentDateTimeUtc();
    return report;
}

} // namespace Labforge
