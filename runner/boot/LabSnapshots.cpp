// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "LabSnapshots.h"

#include "ConfinedPath.h"
#include "Libvirt.h"
#include "PrivateFile.h"
#include "RegularFile.h"
#include "RunInventory.h"
#include "RunLock.h"
#include "SafeName.h"
#include "SnapshotDisks.h"
#include "SshConfig.h"
#include "Transport.h"
#include "TreeRemoval.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QStorageInfo>

#include <functional>
#include <future>
#include <vector>

namespace Labforge {

namespace {

const QString Manifest = QStringLiteral("manifest.json");

QString sizeText(qint64 bytes)
{
    return QLocale::c().formattedDataSize(bytes, 1, QLocale::DataSizeTraditionalFormat);
}

// Does `act` for items 0 … count - 1 at once (calls on one libvirt connection may overlap);
// false, with the first failure's words, when any failed.
bool atOnce(qsizetype count, const std::function<bool(qsizetype, QString *)> &act, QString *error)
{
    std::vector<std::future<std::pair<bool, QString>>> runs;
    for (qsizetype i = 0; i < count; ++i) {
        runs.push_back(std::async(std::launch::async, [&act, i] {
            QString e;
            const bool done = act(i, &e);
            return std::make_pair(done, e);
        }));
    }
    bool ok = true;
    for (auto &run : runs) {
        const auto [done, e] = run.get();
        if (!done && ok) {
            ok = false;
            *error = e;
        }
    }
    return ok;
}

} // namespace

LabSnapshots::LabSnapshots(QString labName, QString runDirectory)
    : m_lab(std::move(labName))
    , m_runDirectory(std::move(runDirectory))
{ }

QString LabSnapshots::directory(const QString &runDirectory)
{
    return runDirectory + QStringLiteral("/snapshots");
}

QString LabSnapshots::snapshotPath(const QString &name) const
{
    return directory(m_runDirectory) + QLatin1Char('/') + name;
}

QString LabSnapshots::nameProblem(const QString &name)
{
    const QString why = SafeName::check(name, SafeName::Kind::Scenario);
    return why.isEmpty() ? QString() : QStringLiteral("snapshot name \"%1\" %2").arg(name, why);
}

int LabSnapshots::removeAll(const QString &runDirectory)
{
    // A link in place of the folder (or in it) goes as a link: what it names stays.
    const bool link = QFileInfo(directory(runDirectory)).isSymLink();
    const auto count =
        link ? 0 : QDir(directory(runDirectory)).entryList(QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden).size();
    return TreeRemoval::remove(runDirectory, QStringLiteral("snapshots")) ? int(count) : 0;
}

std::optional<LabSnapshots::Entry> LabSnapshots::readManifest(const QString &path, QList<Member> *members,
                                                              QString *error) const
{
    const QString manifest = path + QLatin1Char('/') + Manifest;
    const auto bytes = RegularFile::read(manifest, 1 << 20, error);
    if (!bytes)
        return std::nullopt;
    const QJsonObject o = QJsonDocument::fromJson(*bytes).object();
    Entry e;
    e.name = QFileInfo(path).fileName();
    e.taken = QDateTime::fromString(o.value(QStringLiteral("taken")).toString(), Qt::ISODateWithMs);
    e.runId = o.value(QStringLiteral("run")).toString();
    e.pausedSeconds = o.value(QStringLiteral("paused_seconds")).toDouble();
    e.memory = o.value(QStringLiteral("memory")).toBool();
    for (const QJsonValue v : o.value(QStringLiteral("nodes")).toArray()) {
        const QJsonObject n = v.toObject();
        Member m {n.value(QStringLiteral("node")).toString(),
                  n.value(QStringLiteral("domain")).toString(),
                  n.value(QStringLiteral("running")).toBool(),
                  {},
                  n.value(QStringLiteral("state")).toString()};
        if (!m.state.isEmpty() && (m.state.contains(QLatin1Char('/')) || m.state.startsWith(QLatin1Char('.')))) {
            *error = QStringLiteral("%1 names a state file %2 outside its folder").arg(manifest, m.state);
            return std::nullopt;
        }
        if (!m.state.isEmpty())
            e.bytes += SnapshotDisks::allocated(path + QLatin1Char('/') + m.state);
        for (const QJsonValue d : n.value(QStringLiteral("disks")).toArray()) {
            const Disk disk {d.toObject().value(QStringLiteral("file")).toString(),
                             d.toObject().value(QStringLiteral("copy")).toString()};
            // A manifest names copies inside its own folder and disks of the run only.
            if (disk.copy.contains(QLatin1Char('/')) || disk.copy.startsWith(QLatin1Char('.'))
                || !RunInventory(m_runDirectory).owns(disk.file)) {
                *error = QStringLiteral("%1 names %2, which is not a disk of this run")
                             .arg(manifest, disk.file + u' ' + disk.copy);
                return std::nullopt;
            }
            e.bytes += SnapshotDisks::allocated(path + QLatin1Char('/') + disk.copy);
            m.disks.append(disk);
        }
        e.nodes.append(m.node);
        if (m.running)
            e.running.append(m.node);
        if (members)
            members->append(m);
    }
    if (e.runId.isEmpty() || !e.taken.isValid() || e.nodes.isEmpty()) {
        *error = QStringLiteral("%1 is not a snapshot manifest").arg(manifest);
        return std::nullopt;
    }
    return e;
}

std::optional<QList<LabSnapshots::Entry>> LabSnapshots::list(QString *error) const
{
    QList<Entry> entries;
    const QDir dir(directory(m_runDirectory));
    for (const QString &name : dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        if (*error = TreeRemoval::linkProblem(m_runDirectory, QStringLiteral("snapshots/") + name); !error->isEmpty())
            return std::nullopt;
        const auto e = readManifest(dir.filePath(name), nullptr, error);
        if (!e)
            return std::nullopt;
        entries.append(*e);
    }
    std::sort(entries.begin(), entries.end(), [](const Entry &a, const Entry &b) { return a.taken < b.taken; });
    return entries;
}

std::optional<QList<LabSnapshots::Member>> LabSnapshots::gather(Libvirt &virt, const RunInventory &inventory,
                                                                bool memory, qint64 *needed, QString *error) const
{
    // Every domain of the run, its owner checked, and the disks it writes (the run's own).
    QList<Member> members;
    for (const RunInventory::Domain &d : inventory.domains) {
        // A node id names its memory state's file: one path component, or not at all.
        if (!ConfinedPath::isComponent(d.node)) {
            *error = QStringLiteral("the run's record names a node \"%1\" that cannot name a file").arg(d.node);
            return std::nullopt;
        }
        if (virt.domainOwner(d.name).run != inventory.runId) {
            *error = QStringLiteral("domain %1 is not this run's VM for node %2; not touching it").arg(d.name, d.node);
            return std::nullopt;
        }
        Member m {d.node, d.name, virt.isDomainRunning(d.name), {}, {}};
        if (m.running && memory)
            *needed += qint64(d.memoryMiB) * 1024 * 1024; // its memory state, at most
        for (const QString &file : SnapshotDisks::writable(virt.domainXml(d.name))) {
            if (!inventory.owns(file)) {
                *error = QStringLiteral("%1 writes %2, outside the run directory: not a disk labforge made")
                             .arg(d.name, file);
                return std::nullopt;
            }
            m.disks.append(Disk {file, QFileInfo(file).fileName()});
            *needed += SnapshotDisks::allocated(file);
        }
        members.append(m);
    }
    if (members.isEmpty()) {
        *error = QStringLiteral("the run of lab %1 has no VM").arg(m_lab);
        return std::nullopt;
    }
    return members;
}

bool LabSnapshots::keepInstant(Libvirt &virt, QList<Member> &members, const QString &folder, bool memory,
                               Instant *instant, QString *error)
{
    QList<std::pair<QString, QString>> copies;
    QList<Member *> running;
    for (Member &m : members) {
        for (const Disk &d : std::as_const(m.disks))
            copies.append({d.file, folder + QLatin1Char('/') + d.copy});
        if (m.running)
            running.append(&m);
    }
    const auto stateOf = [&](const Member *m) {
        return folder + QLatin1Char('/') + m->node + QStringLiteral(".state");
    };
    // Every running node paused (QEMU flushes its disks before it answers); their memory
    // written out where the host can (each VM stops), the disks copied, the memory read back
    // (paused again), and every node resumed — whatever happened in between.
    QElapsedTimer paused;
    paused.start();
    instant->taken = QDateTime::currentDateTimeUtc();
    QStringList stopped;
    bool ok = true;
    for (const Member *m : std::as_const(running)) {
        if (!virt.suspendDomain(m->domain, error)) {
            ok = false;
            break;
        }
        stopped.append(m->domain);
    }
    if (ok && memory) {
        QString why;
        atOnce(
            running.size(),
            [&](qsizetype i, QString *e) {
                if (!virt.saveDomainState(running.at(i)->domain, stateOf(running.at(i)), e))
                    return false;
                running.at(i)->state = QFileInfo(stateOf(running.at(i))).fileName();
                return true;
            },
            &why);
        instant->memoryKept = !running.isEmpty()
            && std::all_of(running.cbegin(), running.cend(), [](const Member *m) { return !m->state.isEmpty(); });
        if (!instant->memoryKept) // all or none: the nodes whose memory was kept come back from it, without it
            instant->memoryNote = QStringLiteral("; memory not kept (%1)").arg(why);
    }
    ok = ok
        && (instant->memoryKept || !memory
            || atOnce(
                running.size(),
                [&](qsizetype i, QString *e) {
                    Member *m = running.at(i);
                    const bool back = m->state.isEmpty() || virt.restoreDomainState(stateOf(m), e);
                    QFile::remove(stateOf(m));
                    m->state.clear();
                    return back;
                },
                error));
    ok = ok && SnapshotDisks::copyAll(copies, error);
    ok = ok
        && atOnce(
             running.size(),
             [&](qsizetype i, QString *e) {
                 return running.at(i)->state.isEmpty() || virt.restoreDomainState(stateOf(running.at(i)), e);
             },
             error);
    instant->pausedMs = paused.elapsed();
    instant->running = int(stopped.size());
    instant->disks = int(copies.size());
    for (const QString &d : std::as_const(stopped)) {
        if (QString e; !virt.resumeDomain(d, &e)) {
            *error += (error->isEmpty() ? QString() : QStringLiteral("; ")) + e;
            ok = false;
        }
    }
    return ok;
}

bool LabSnapshots::writeManifest(const QString &folder, const QList<Member> &members, const QString &runId,
                                 const Instant &instant, QString *error) const
{
    QJsonArray nodes;
    for (const Member &m : members) {
        QJsonArray disks;
        for (const Disk &d : m.disks) {
            disks.append(QJsonObject {{QStringLiteral("file"), d.file}, {QStringLiteral("copy"), d.copy}});
            if (!PrivateFile::restrict(folder + QLatin1Char('/') + d.copy, error))
                return false;
        }
        if (!m.state.isEmpty() && !PrivateFile::restrict(folder + QLatin1Char('/') + m.state, error))
            return false;
        nodes.append(QJsonObject {{QStringLiteral("node"), m.node},
                                  {QStringLiteral("domain"), m.domain},
                                  {QStringLiteral("running"), m.running},
                                  {QStringLiteral("state"), m.state},
                                  {QStringLiteral("disks"), disks}});
    }
    const QJsonObject manifest {{QStringLiteral("lab"), m_lab},
                                {QStringLiteral("run"), runId},
                                {QStringLiteral("taken"), instant.taken.toString(Qt::ISODateWithMs)},
                                {QStringLiteral("paused_seconds"), instant.pausedMs / 1000.0},
                                {QStringLiteral("memory"), instant.memoryKept},
                                {QStringLiteral("nodes"), nodes}};
    return PrivateFile::write(folder + QLatin1Char('/') + Manifest, QJsonDocument(manifest).toJson(), error);
}

bool LabSnapshots::begin(const QString &name, RunLock &lock, RunInventory *inventory, QString *error) const
{
    if (*error = nameProblem(name); !error->isEmpty()
        || (*error = TreeRemoval::linkProblem(m_runDirectory, QStringLiteral("snapshots/") + name), !error->isEmpty()))
        return false;
    return lock.acquire(error) && (!inventory || inventory->load(error));
}

LabSnapshots::Result LabSnapshots::save(const QString &name, bool memory)
{
    Result r;
    RunLock lock(m_lab);
    RunInventory inventory(m_runDirectory);
    if (!begin(name, lock, &inventory, &r.message))
        return r;
    if (!inventory.plan.value(QStringLiteral("hosts")).toObject().isEmpty()) {
        r.message = QStringLiteral("lab %1 runs across several hosts; snapshots are of labs on one host").arg(m_lab);
        return r;
    }
    const QString path = snapshotPath(name);
    if (QFileInfo::exists(path)) {
        r.message =
            QStringLiteral("lab %1 has a snapshot %2 already; `labforge snapshot delete` removes it").arg(m_lab, name);
        return r;
    }
    Libvirt virt(inventory.uri);
    if (!virt.isOpen()) {
        r.message = virt.openError();
        return r;
    }
    qint64 needed = 0;
    auto members = gather(virt, inventory, memory, &needed, &r.message);
    if (!members)
        return r;
    const QStorageInfo space(m_runDirectory);
    if (space.bytesAvailable() < needed + needed / 10) {
        r.message = QStringLiteral("a snapshot of lab %1 takes about %2; %3 has %4 free")
                        .arg(m_lab, sizeText(needed), space.rootPath(), sizeText(space.bytesAvailable()));
        return r;
    }
    const QString partialPath = QStringLiteral("snapshots/.") + name + QStringLiteral(".partial");
    const QString partial = m_runDirectory + u'/' + partialPath;
    TreeRemoval::remove(m_runDirectory, partialPath, &r.message);
    if (!PrivateFile::makeDirectory(directory(m_runDirectory), &r.message)
        || !PrivateFile::makeDirectory(partial, &r.message))
        return r;
    Instant instant;
    bool ok = keepInstant(virt, *members, partial, memory, &instant, &r.message)
        && writeManifest(partial, *members, inventory.runId, instant, &r.message);
    if (ok && !QDir().rename(partial, path)) {
        ok = false;
        r.message = QStringLiteral("cannot rename %1 to %2").arg(partial, path);
    }
    if (!ok) {
        TreeRemoval::remove(m_runDirectory, partialPath);
        r.message = QStringLiteral("snapshot %1 of lab %2 not saved: %3").arg(name, m_lab, r.message);
        return r;
    }
    r.ok = true;
    r.message =
        QStringLiteral("saved snapshot %1 of lab %2: %3 node(s) (%4 running) stood still together for %5 s "
                       "while %6 disk(s)%7 were kept (%8)%9")
            .arg(name, m_lab)
            .arg(members->size())
            .arg(instant.running)
            .arg(QString::number(instant.pausedMs / 1000.0, 'f', 1))
            .arg(instant.disks)
            .arg(instant.memoryKept ? QStringLiteral(" and %1 memory state(s)").arg(instant.running) : QString())
            .arg(sizeText(SnapshotDisks::folderBytes(path)))
            .arg(instant.memoryNote);
    return r;
}

std::optional<QList<std::pair<QString, QString>>> LabSnapshots::copiesBack(Libvirt &virt, RunInventory &inventory,
                                                                           const QList<Member> &members,
                                                                           const QString &path, QString *error)
{
    QList<std::pair<QString, QString>> copies;
    for (const Member &m : members) {
        const RunInventory::Domain *d = inventory.domainOf(m.node);
        if (!d || d->name != m.domain || virt.domainOwner(m.domain).run != inventory.runId) {
            *error =
                QStringLiteral("node %1's VM %2 is not this run's any more; not touching it").arg(m.node, m.domain);
            return std::nullopt;
        }
        QStringList files = {m.state};
        for (const Disk &disk : m.disks) {
            files.append(disk.copy);
            copies.append({path + QLatin1Char('/') + disk.copy, disk.file});
        }
        for (const QString &f : std::as_const(files)) {
            if (!f.isEmpty() && !QFileInfo(path + QLatin1Char('/') + f).isFile()) {
                *error = QStringLiteral("snapshot %1 lacks %2").arg(QFileInfo(path).fileName(), f);
                return std::nullopt;
            }
        }
    }
    return copies;
}

LabSnapshots::Result LabSnapshots::restore(const QString &name, Transport &transport, int timeoutMs,
                                           const CancelToken &cancel)
{
    Result r;
    RunLock lock(m_lab);
    RunInventory inventory(m_runDirectory);
    if (!begin(name, lock, &inventory, &r.message))
        return r;
    const QString path = snapshotPath(name);
    if (!QFileInfo(path).isDir()) {
        r.message = QStringLiteral("lab %1 has no snapshot %2 (`labforge snapshot list` shows them)").arg(m_lab, name);
        return r;
    }
    QList<Member> members;
    const auto entry = readManifest(path, &members, &r.message);
    if (!entry)
        return r;
    if (entry->runId != inventory.runId) {
        r.message = QStringLiteral("snapshot %1 was taken of run %2; lab %3 now runs %4")
                        .arg(name, entry->runId, m_lab, inventory.runId);
        return r;
    }
    Libvirt virt(inventory.uri);
    if (!virt.isOpen()) {
        r.message = virt.openError();
        return r;
    }
    const auto copies = copiesBack(virt, inventory, members, path, &r.message);
    if (!copies)
        return r;
    QElapsedTimer clock;
    clock.start();
    QStringList nodes;
    for (const Member &m : std::as_const(members))
        nodes.append(m.node);
    SshConfig::closeConnections(m_runDirectory, nodes); // they would hang once the nodes went back
    for (const Member &m : std::as_const(members))
        transport.forget(m.node);
    if (!atOnce(
            members.size(), [&](qsizetype i, QString *e) { return virt.stopDomain(members.at(i).domain, e); },
            &r.message))
        return r;
    if (!SnapshotDisks::copyAll(*copies, &r.message)) {
        r.message =
            QStringLiteral("snapshot %1 not restored, the lab's nodes are powered off: %2").arg(name, r.message);
        return r;
    }
    // Nodes with a memory state come back paused where they were (all at once) and resume
    // together; the others boot from their disks.
    QStringList started, resumed;
    QList<const Member *> withState;
    for (const Member &m : std::as_const(members)) {
        if (m.running && !m.state.isEmpty())
            withState.append(&m);
    }
    if (!atOnce(
            withState.size(),
            [&](qsizetype i, QString *e) {
                return virt.restoreDomainState(path + QLatin1Char('/') + withState.at(i)->state, e);
            },
            &r.message))
        return r;
    for (const Member &m : std::as_const(members)) {
        if (!m.running)
            continue;
        if (!m.state.isEmpty()) {
            resumed.append(m.domain);
        } else {
            if (!virt.startDomain(m.domain, &r.message))
                return r;
            inventory.domainOf(m.node)->started = QDateTime::currentDateTimeUtc();
        }
        started.append(m.node);
    }
    for (const QString &d : std::as_const(resumed)) {
        if (!virt.resumeDomain(d, &r.message))
            return r;
    }
    QString ignored;
    inventory.save(&ignored);
    const qint64 startedAt = clock.elapsed();
    if (!SshConfig::waitUntilAnswering(m_runDirectory, started,
                                       int(std::max<qint64>(1000, timeoutMs - clock.elapsed())), cancel, &r.message)) {
        r.message = QStringLiteral("snapshot %1 restored, but %2").arg(name, r.message);
        return r;
    }
    r.ok = true;
    r.message = QStringLiteral("restored snapshot %1 of lab %2 (taken %3): %4 disk(s) back and %5 node(s) %6 in "
                               "%7 s, all answering over SSH %8 s later")
                    .arg(name, m_lab, entry->taken.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")))
                    .arg(copies->size())
                    .arg(started.size())
                    .arg(resumed.size() == started.size() ? QStringLiteral("resumed where they were")
                             : resumed.isEmpty()          ? QStringLiteral("booted from their disks")
                                                          : QStringLiteral("resumed or booted"))
                    .arg(QString::number(startedAt / 1000.0, 'f', 1))
                    .arg(QString::number((clock.elapsed() - startedAt) / 1000.0, 'f', 1));
    return r;
}

LabSnapshots::Result LabSnapshots::remove(const QString &name)
{
    Result r;
    RunLock lock(m_lab);
    if (!begin(name, lock, nullptr, &r.message))
        return r;
    if (!QFileInfo(snapshotPath(name)).isDir()) {
        r.message = QStringLiteral("lab %1 has no snapshot %2").arg(m_lab, name);
        return r;
    }
    if (!TreeRemoval::remove(m_runDirectory, QStringLiteral("snapshots/") + name, &r.message))
        return r;
    r.ok = true;
    r.message = QStringLiteral("deleted snapshot %1 of lab %2").arg(name, m_lab);
    return r;
}

} // namespace Labforge
