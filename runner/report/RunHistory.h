// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "RunReport.h"

#include <QList>
#include <QString>

namespace Labforge {

// The past runs of a lab, as their kept reports tell them (the run directory's reports/),
// newest first; and what changed from one run to another: the steps whose verdict changed,
// appeared or went, and how each step's time moved.
class RunHistory
{
public:
    struct Entry
    {
        QString directory;
        QString lab; // as the report names it
        QDateTime started;
        double seconds = 0; // from start to finish
        QString verdict; // "passed", "failed" or "not run"
        QString runInfo; // accelerator, memory scale, host
        int passed = 0;
        int failed = 0;
        int skipped = 0;
        int figures = 0; // measured figures across its steps
        QString error; // why the report could not be read ("" when it was)
    };
    struct Change
    {
        QString stepId; // "scenario/step"
        QString before; // the state's name, "" when the step did not run then
        QString after;
        qint64 beforeMs = 0;
        qint64 afterMs = 0;
        bool verdictChanged() const { return before != after; }
    };

    // Every report kept for `lab` here, newest first (unreadable ones with their error).
    static QList<Entry> list(const QString &lab);
    static Entry entryOf(const QString &directory);
    static QString verdictOf(const RunReport &report);
    // Every step of either run, in the later run's order then the earlier's leftovers.
    static QList<Change> compare(const RunReport &before, const RunReport &after);
};

} // namespace Labforge
