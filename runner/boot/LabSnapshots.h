// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "CancelToken.h"

#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace Labforge {

class Libvirt;
class RunInventory;
class RunLock;
class Transport;

// Snapshots of a lab that is up, kept in its run directory (snapshots/NAME/, private to the
// user: the disks and memory hold the run's secrets). Save pauses every running node at once,
// writes out each one's memory (libvirt's save: the VM stops) and copies each writable disk
// the run made (root overlays, data disks) while all stand still, then brings them all back
// and resumes them: one instant for the whole lab. Restore powers every node off, puts the
// disks back, brings each node back from its memory paused and resumes them together, then
// waits until each answers over SSH: the lab goes on from that instant. Without memory (asked
// for, or when the host cannot save it) a snapshot is crash-consistent and a restore boots the
// nodes from the disks as they were, as after a power loss at that instant.
// Both hold the lab's run lock, so they are refused while a run (up, test, down) works on it.
// Only runs on this host (a run across hosts is refused, with why). `down` removes them.
class LabSnapshots
{
public:
    struct Result
    {
        bool ok = false;
        QString message; // what was done, with timings; why not when !ok
    };
    struct Entry
    {
        QString name;
        QDateTime taken;
        QString runId;
        QStringList nodes; // the nodes whose disks it holds
        QStringList running; // those that were running at that instant
        qint64 bytes = 0; // what its copies take on disk
        double pausedSeconds = 0; // how long the lab stood still for it
        bool memory = false; // the running nodes' memory is kept: a restore resumes them
    };

    LabSnapshots(QString labName, QString runDirectory);

    // `memory`: the running nodes' memory too, where the host can save it (else their disks only).
    Result save(const QString &name, bool memory = true);
    Result restore(const QString &name, Transport &transport, int timeoutMs, const CancelToken &cancel);
    Result remove(const QString &name);
    // The snapshots of the lab's run, oldest first; nullopt (with *error) when one is unreadable.
    std::optional<QList<Entry>> list(QString *error) const;

    static QString directory(const QString &runDirectory);
    // Why `name` cannot name a snapshot; empty when it can.
    static QString nameProblem(const QString &name);
    // Removes every snapshot of a run (for `down`); returns how many there were.
    static int removeAll(const QString &runDirectory);

private:
    struct Disk
    {
        QString file; // the disk the domain writes
        QString copy; // its copy's file name in the snapshot
    };
    struct Member
    {
        QString node;
        QString domain;
        bool running = false;
        QList<Disk> disks;
        QString state; // its memory state's file name in the snapshot; "" when not kept
    };
    // What one save did: when, how long the lab stood still, what it kept.
    struct Instant
    {
        QDateTime taken;
        qint64 pausedMs = 0;
        int running = 0;
        int disks = 0;
        bool memoryKept = false;
        QString memoryNote; // why memory was asked for and not kept
    };
    QString snapshotPath(const QString &name) const;
    // What every verb starts with: a good name, the lab's run lock, and (when asked for) the
    // run's record; false with why.
    bool begin(const QString &name, RunLock &lock, RunInventory *inventory, QString *error) const;
    std::optional<QList<Member>> gather(Libvirt &virt, const RunInventory &inventory, bool memory, qint64 *needed,
                                        QString *error) const;
    static bool keepInstant(Libvirt &virt, QList<Member> &members, const QString &folder, bool memory, Instant *instant,
                            QString *error);
    // The copies to put back (snapshot file, disk), once every node's VM is still the run's
    // and every file the snapshot names is there.
    static std::optional<QList<std::pair<QString, QString>>> copiesBack(Libvirt &virt, RunInventory &inventory,
                                                                        const QList<Member> &members,
                                                                        const QString &path, QString *error);
    bool writeManifest(const QString &folder, const QList<Member> &members, const QString &runId,
                       const Instant &instant, QString *error) const;
    std::optional<Entry> readManifest(const QString &path, QList<Member> *members, QString *error) const;

    QString m_lab;
    QString m_runDirectory;
};

} // namespace Labforge
