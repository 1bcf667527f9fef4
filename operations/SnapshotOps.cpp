// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "SnapshotOps.h"

#include "LiveLab.h"
#include "RunInventory.h"
#include "SshConfig.h"
#include "Transport.h"

#include <functional>
#include <memory>

namespace Labforge {

namespace {

// The lab's run, its record loaded, then `act` on its snapshots.
template<typename T>
Outcome<T> onSnapshots(const QString &lab,
                       const std::function<Outcome<T>(LabSnapshots &, const QString &run, const OpPlace &)> &act)
{
    const Outcome<LiveLab::Run> live = LiveLab::run(lab);
    if (!live)
        return live.error();
    RunInventory inventory(live->directory);
    QString error;
    if (!inventory.load(&error))
        return OpError::runnerWords(OpError::Kind::Unusable, QStringLiteral("run.unusable"), error,
                                    {live->lab, {}, {}});
    LabSnapshots snapshots(inventory.lab, live->directory);
    return act(snapshots, live->directory, {inventory.lab, {}, {}});
}

OpError failed(const QString &words, const OpPlace &place)
{
    return OpError::runnerWords(OpError::Kind::Failed, QStringLiteral("snapshot.failed"), words, place);
}

} // namespace

Outcome<SnapshotOps::Listing> SnapshotOps::list(const QString &lab)
{
    return onSnapshots<Listing>(lab, [](LabSnapshots &snapshots, const QString &, const OpPlace &place) {
        QString error;
        const auto entries = snapshots.list(&error);
        if (!entries)
            return Outcome<Listing>(
                OpError::runnerWords(OpError::Kind::Failed, QStringLiteral("snapshot.unreadable"), error, place));
        return Outcome<Listing>(Listing {place.lab, *entries});
    });
}

Outcome<SnapshotOps::Taken> SnapshotOps::take(const QString &lab, const QString &name, bool memory)
{
    return onSnapshots<Taken>(lab, [&](LabSnapshots &snapshots, const QString &, const OpPlace &place) {
        const LabSnapshots::Result result = snapshots.save(name, memory);
        if (!result.ok)
            return Outcome<Taken>(failed(result.message, place));
        Taken taken {{place.lab, name, result.message}, {}};
        QString error;
        if (const auto entries = snapshots.list(&error)) {
            for (const Row &row : *entries) {
                if (row.name == name)
                    taken.row = row;
            }
        }
        return Outcome<Taken>(taken);
    });
}

Outcome<SnapshotOps::Done> SnapshotOps::revert(const QString &lab, const QString &name, int timeoutSeconds,
                                               const CancelToken &cancel)
{
    return onSnapshots<Done>(lab, [&](LabSnapshots &snapshots, const QString &run, const OpPlace &place) {
        QString error;
        const std::unique_ptr<Transport> transport = SshConfig::transport(run, &error);
        if (!transport)
            return Outcome<Done>(
                OpError::runnerWords(OpError::Kind::Unusable, QStringLiteral("run.unusable"), error, place));
        const LabSnapshots::Result result = snapshots.restore(name, *transport, timeoutSeconds * 1000, cancel);
        transport->close();
        if (!result.ok)
            return Outcome<Done>(failed(result.message, place));
        return Outcome<Done>(Done {place.lab, name, result.message});
    });
}

Outcome<SnapshotOps::Done> SnapshotOps::remove(const QString &lab, const QString &name)
{
    return onSnapshots<Done>(lab, [&](LabSnapshots &snapshots, const QString &, const OpPlace &place) {
        const LabSnapshots::Result result = snapshots.remove(name);
        if (!result.ok)
            return Outcome<Done>(failed(result.message, place));
        return Outcome<Done>(Done {place.lab, name, result.message});
    });
}

} // namespace Labforge
