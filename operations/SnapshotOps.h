// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "CancelToken.h"
#include "LabSnapshots.h"
#include "Outcome.h"

#include <QList>
#include <QString>

namespace Labforge {

// The snapshots of a lab that is up (LabSnapshots): listed, taken, reverted to and deleted; what
// `labforge snapshot` and Run ▸ Snapshots… both call. Taking and reverting hold the lab's run
// lock, so they are refused while a run works on it.
class SnapshotOps
{
public:
    using Row = LabSnapshots::Entry;
    struct Listing
    {
        QString lab;
        QList<Row> snapshots; // oldest first
    };
    struct Done
    {
        QString lab;
        QString name;
        QString runnerWords; // what the runner did, with timings (English, as `labforge snapshot` prints it)
    };
    struct Taken
    {
        Done done;
        Row row; // the snapshot as it is listed now
    };

    // Errors of each: those of LiveLab::run, run.unusable (the run's record or SSH transport
    // cannot be had), snapshot.failed (the runner's words); list: snapshot.unreadable.
    static Outcome<Listing> list(const QString &lab);
    // `memory`: the running nodes' memory too, where the host can save it.
    static Outcome<Taken> take(const QString &lab, const QString &name, bool memory);
    // Waits up to `timeoutSeconds` (by default DefaultTimeoutSeconds) for every node to answer over SSH.
    static constexpr int DefaultTimeoutSeconds = 900;
    static Outcome<Done> revert(const QString &lab, const QString &name, int timeoutSeconds, const CancelToken &cancel);
    static Outcome<Done> remove(const QString &lab, const QString &name);
};

} // namespace Labforge
