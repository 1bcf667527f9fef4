// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "RunHistory.h"

#include "ReportWriter.h"
#include "RunnerPaths.h"

#include <QDir>
#include <QHash>
#include <QSet>

namespace Labforge {

QString RunHistory::verdictOf(const RunReport &report)
{
    switch (report.exitCode()) {
    case 0:
        return QStringLiteral("passed");
    case 1:
        return QStringLiteral("failed");
    default:
        return QStringLiteral("not run");
    }
}

RunHistory::Entry RunHistory::entryOf(const QString &directory)
{
    Entry e;
    e.directory = directory;
    QString error;
    const auto report = ReportWriter::read(directory, &error);
    if (!report) {
        e.error = error;
        return e;
    }
    e.lab = report->lab;
    e.started = report->started;
    e.seconds = report->started.isValid() && report->finished.isValid()
        ? double(report->started.msecsTo(report->finished)) / 1000.0
        : 0;
    e.verdict = verdictOf(*report);
    e.runInfo = report->runInfo;
    e.passed = report->count(AssertionResult::State::Passed);
    e.failed = report->count(AssertionResult::State::Failed);
    e.skipped = report->count(AssertionResult::State::Skipped);
    for (const AssertionResult &r : report->results)
        e.figures += int(r.figures.size());
    return e;
}

QList<RunHistory::Entry> RunHistory::list(const QString &lab)
{
    QList<Entry> entries;
    QString error;
    const QString run = RunnerPaths::run(lab, &error);
    if (run.isEmpty())
        return entries;
    const QDir reports(run + QStringLiteral("/reports"));
    for (const QString &name : reports.entryList(QDir::Dirs | QDir::NoDotAndDotDot))
        entries.append(entryOf(reports.filePath(name)));
    std::sort(entries.begin(), entries.end(), [](const Entry &a, const Entry &b) {
        return a.started == b.started ? a.directory > b.directory : a.started > b.started;
    });
    return entries;
}

QList<RunHistory::Change> RunHistory::compare(const RunReport &before, const RunReport &after)
{
    const auto key = [](const AssertionResult &r) {
        return r.scenario + u'/' + r.stepId;
    };
    QHash<QString, const AssertionResult *> earlier;
    for (const AssertionResult &r : before.results)
        earlier.insert(key(r), &r);
    QList<Change> changes;
    QSet<QString> seen;
    for (const AssertionResult &r : after.results) {
        Change c;
        c.stepId = key(r);
        c.after = AssertionResult::stateName(r.state);
        c.afterMs = r.durationMs;
        if (const AssertionResult *b = earlier.value(c.stepId)) {
            c.before = AssertionResult::stateName(b->state);
            c.beforeMs = b->durationMs;
        }
        seen.insert(c.stepId);
        changes.append(c);
    }
    for (const AssertionResult &r : before.results) {
        if (seen.contains(key(r)))
            continue;
        Change c;
        c.stepId = key(r);
        c.before = AssertionResult::stateName(r.state);
        c.beforeMs = r.durationMs;
        changes.append(c);
    }
    return changes;
}

} // namespace Labforge
