// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "RunTeardown.h"

#include "HostRun.h"
#include "LabSnapshots.h"
#include "Libvirt.h"
#include "LinkControl.h"
#include "PrivateFile.h"
#include "RegularFile.h"
#include "RunInventory.h"
#include "RunLock.h"
#include "RunStatus.h"
#include "RunnerPaths.h"
#include "SshConfig.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QXmlStreamReader>

namespace Labforge {

namespace {

void say(const EventSink &events, const QString &message)
{
    if (!events)
        return;
    RunEvent e;
    e.stage = RunStage::Teardown;
    e.message = message;
    events(e);
}

QString sizeText(const QString &file)
{
    const qint64 bytes = QFileInfo(file).size();
    return bytes >= (qint64(1) << 30) ? QStringLiteral("%1 GiB").arg(double(bytes) / double(qint64(1) << 30), 0, 'f', 1)
                                      : QStringLiteral("%1 MiB").arg(bytes >> 20);
}

// The domains (running or only defined) with an interface on network `name`; nullopt when the
// host does not answer.
std::optional<QStringList> networkUsers(const Libvirt &virt, const QString &name, QString *error)
{
    const auto all = virt.domains(QString(), error);
    if (!all)
        return std::nullopt;
    QStringList out;
    for (const QString &domain : *all) {
        QXmlStreamReader xml(virt.domainXml(domain));
        bool onNetwork = false;
        while (!xml.atEnd() && !onNetwork) {
            xml.readNext();
            onNetwork = xml.isStartElement() && xml.name() == u"source"
                && xml.attributes().value(QStringLiteral("network")) == name;
        }
        if (onNetwork)
            out.append(domain);
    }
    return out;
}

// Networks named for the lab that no recorded run names: left by an earlier run whose record
// was lost (another cache root, a killed process). One a domain still uses (another lab's,
// whose name shares this prefix) is left alone and named.
bool removeUnrecordedNetworks(Libvirt &virt, const QString &labName, const EventSink &events, QStringList *removed,
                              QString *error)
{
    QStringList problems;
    for (const RunStatus::Orphan &o : RunStatus::gather(labName, virt.uri()).orphans) {
        if (o.kind != u"network" || o.uri != virt.uri())
            continue;
        QString e;
        const auto users = networkUsers(virt, o.name, &e);
        if (users && !users->isEmpty()) {
            say(events,
                QStringLiteral("left network %1 alone: no run recorded it, but domain %2 uses it")
                    .arg(o.name, users->join(QStringLiteral(", "))));
            continue;
        }
        if (!users || !virt.destroyNetwork(o.name, &e)) {
            problems.append(e);
            continue;
        }
        say(events, QStringLiteral("removed network %1 (no run recorded it: left by an earlier run)").arg(o.name));
        if (removed)
            removed->append(o.name);
    }
    *error = problems.join(u'\n');
    return problems.isEmpty();
}

} // namespace

QStringList RunTeardown::keptDisks(const QString &runDir)
{
    QString ignored;
    const auto bytes = RegularFile::read(keptDisksPath(runDir), 1 << 20, &ignored);
    if (!bytes)
        return {};
    QStringList out;
    for (const QJsonValue v : QJsonDocument::fromJson(*bytes).array())
        out.append(v.toObject().value(QStringLiteral("file")).toString());
    return out;
}

bool RunTeardown::keptDiskFits(const QString &runDir, const QString &labName, const QString &file, qint64 sizeBytes,
                               bool *kept, QString *error)
{
    *kept = keptDisks(runDir).contains(file);
    const qint64 size = QFileInfo(file).size();
    if (*kept && (!QFileInfo(file).isFile() || size != sizeBytes)) {
        *error = QStringLiteral("kept by `labforge down --keep-disks` (%1, %2 bytes) is not the %3 bytes the lab asks "
                                "for now; restore the lab's size, or remove the kept disk with `labforge down %4`")
                     .arg(file)
                     .arg(size)
                     .arg(sizeBytes)
                     .arg(labName);
        return false;
    }
    return true;
}

namespace {

// What belongs to the run and goes with it (the lab's identities stay unless purged).
void removeRunState(const QString &runDir, bool purge, const EventSink &events)
{
    const QString secrets = runDir + QStringLiteral("/secrets");
    QStringList gone;
    QString ignored;
    if (const auto index = RegularFile::read(secrets + QStringLiteral("/shared.json"), 1 << 20, &ignored)) {
        const QJsonObject shared = QJsonDocument::fromJson(*index).object();
        for (auto it = shared.constBegin(); it != shared.constEnd(); ++it)
            gone.append(it.value().toObject().value(QStringLiteral("what")).toString());
    }
    // Everything in secrets/ but the lab's key pair is the run's.
    for (const QString &f : QDir(secrets).entryList(QDir::Files | QDir::Hidden | QDir::System)) {
        if (f != QLatin1String("id_ed25519") && f != QLatin1String("id_ed25519.pub"))
            QFile::remove(secrets + QLatin1Char('/') + f);
    }
    QFile::remove(SshConfig::path(runDir));
    QFile::remove(runDir + QStringLiteral("/known_hosts"));
    LinkControl(runDir).liftAll(); // impairments went with the taps
    QDir(runDir + QStringLiteral("/ssh")).removeRecursively();
    if (!gone.isEmpty())
        say(events, QStringLiteral("removed the run's secrets: %1").arg(gone.join(QStringLiteral(", "))));
    if (purge) {
        QFile::remove(secrets + QStringLiteral("/id_ed25519"));
        QFile::remove(secrets + QStringLiteral("/id_ed25519.pub"));
        QDir(runDir + QStringLiteral("/hostkeys")).removeRecursively();
        say(events, QStringLiteral("removed the lab's SSH key and its nodes' host keys (--purge)"));
    } else if (QFile::exists(secrets + QStringLiteral("/id_ed25519"))) {
        say(events,
            QStringLiteral("kept the lab's SSH key and its nodes' host keys in %1 (the next run uses them, so "
                           "pinned host keys stay valid); `labforge down --purge` removes them")
                .arg(runDir));
    }
}

// What `down` will remove, named before anything goes (data disks by name and size).
void announce(const EventSink &events, const QString &labName, const QString &runDir, const QStringList &domains,
              const RunInventory &inventory, bool keepDisks)
{
    QStringList disks;
    for (const QString &f : std::as_const(inventory.dataDisks))
        disks.append(QStringLiteral("%1 (%2)").arg(QFileInfo(f).fileName(), sizeText(f)));
    say(events,
        QStringLiteral("taking lab %1 down: %2 VM(s)%3, %4 network(s)%5, %6 run file(s)")
            .arg(labName)
            .arg(domains.size())
            .arg(domains.isEmpty() ? QString() : QStringLiteral(" (") + domains.join(QStringLiteral(", ")) + u')')
            .arg(inventory.networks.size())
            .arg(inventory.networks.isEmpty()
                     ? QString()
                     : QStringLiteral(" (") + inventory.networks.join(QStringLiteral(", ")) + u')')
            .arg(inventory.files.size()));
    if (const QStringList snapshots =
            QDir(LabSnapshots::directory(runDir)).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
        !snapshots.isEmpty())
        say(events, QStringLiteral("removing the lab's snapshot(s) %1").arg(snapshots.join(QStringLiteral(", "))));
    if (!disks.isEmpty())
        say(events,
            keepDisks ? QStringLiteral("keeping the data disk(s) %1 for the next `up` (--keep-disks)")
                            .arg(disks.join(QStringLiteral(", ")))
                      : QStringLiteral("removing the data disk(s) %1 with what they hold (`down --keep-disks` keeps "
                                       "them)")
                            .arg(disks.join(QStringLiteral(", "))));
}

// The run's files under its directory; the data disks kept with --keep-disks are listed for
// the next `up`, and without it those an earlier `down --keep-disks` kept go too.
bool removeFiles(const QString &runDir, const RunInventory &inventory, bool keepDisks, const EventSink &events,
                 QString *error)
{
    int files = 0;
    QJsonArray kept;
    QStringList toRemove = inventory.files;
    if (!keepDisks)
        toRemove += RunTeardown::keptDisks(runDir); // what an earlier `down --keep-disks` kept goes now
    for (const QString &f : std::as_const(toRemove)) {
        if (!inventory.owns(f)) {
            say(events, QStringLiteral("left %1 alone: it is outside the run directory %2").arg(f, runDir));
            continue;
        }
        if (keepDisks && inventory.dataDisks.contains(f)) {
            kept.append(QJsonObject {{QStringLiteral("file"), f}, {QStringLiteral("size_bytes"), QFileInfo(f).size()}});
            continue;
        }
        if (QFile::remove(f))
            ++files;
    }
    if (keepDisks) {
        for (const QString &f : RunTeardown::keptDisks(runDir)) {
            if (inventory.owns(f) && QFile::exists(f) && !inventory.dataDisks.contains(f))
                kept.append(
                    QJsonObject {{QStringLiteral("file"), f}, {QStringLiteral("size_bytes"), QFileInfo(f).size()}});
        }
    }
    if (kept.isEmpty())
        QFile::remove(RunTeardown::keptDisksPath(runDir));
    else if (!PrivateFile::write(RunTeardown::keptDisksPath(runDir), QJsonDocument(kept).toJson(), error))
        return false;
    say(events, QStringLiteral("removed %1 run file(s) in %2").arg(files).arg(runDir));
    return true;
}

// A run across hosts: its domains, networks and volumes, each on the host it was made on; the
// problems met. What went is no longer in `domains` or the inventory's networks.
QStringList removeAcrossHosts(const QString &labName, RunInventory &inventory, const EventSink &events,
                              QStringList *removed, QStringList *domains)
{
    QStringList problems;
    QStringList gone;
    HostRun::remove(labName, inventory.runId, inventory.plan.value(QStringLiteral("hosts")).toObject(),
                    inventory.domainNames(), inventory.networks, &problems, &gone);
    for (const QString &g : std::as_const(gone))
        say(events, QStringLiteral("removed %1").arg(g));
    if (removed)
        *removed += gone;
    for (const QString &d : inventory.domainNames())
        domains->removeAll(d);
    inventory.networks.clear();
    return problems;
}

} // namespace

bool RunTeardown::down(const QString &labName, const QString &uri, const EventSink &events, QString *error,
                       QStringList *removed, Options options)
{
    const QString runDir = RunnerPaths::run(labName, error);
    if (runDir.isEmpty())
        return false;
    RunLock lock(labName);
    if (!lock.acquire(error)) {
        *error += QStringLiteral("; `down` waits for the run to end (or cancel it)");
        return false;
    }
    RunInventory inventory(runDir);
    QString why;
    const bool recorded = inventory.load(&why);
    if (inventory.isRefused()) {
        *error = why + QStringLiteral(" (remove the record to take the lab down by its VMs' metadata)");
        return false;
    }
    Libvirt virt(uri.isEmpty() ? (inventory.uri.isEmpty() ? QStringLiteral("qemu:///system") : inventory.uri) : uri);
    if (!virt.isOpen()) {
        *error = virt.openError();
        return false;
    }
    QStringList domains = inventory.domainNames();
    // Domains whose metadata names this lab but that no record of this run names: left by an
    // earlier run whose record was lost (or, without any record, every domain of the lab).
    const auto owned = virt.domainsOfLab(labName, error);
    if (!owned)
        return false;
    for (const QString &d : *owned) {
        if (domains.contains(d))
            continue;
        // Another cache root's or user's run of a lab of the same name: theirs to take down.
        if (const QString what = virt.domainOwner(d).by.elsewhere(); !what.isEmpty()) {
            say(events, QStringLiteral("left domain %1 alone: %2").arg(d, what));
            continue;
        }
        if (recorded)
            say(events,
                QStringLiteral("domain %1 carries lab %2's metadata but no record of this run names it: "
                               "removing it too")
                    .arg(d, labName));
        domains.append(d);
    }
    if (!recorded)
        say(events, QStringLiteral("%1; removing the domains whose labforge metadata names lab %2").arg(why, labName));
    announce(events, labName, runDir, domains, inventory, options.keepDisks);
    bool ok = true;
    auto failed = [&](const QString &message) {
        ok = false;
        *error = error->isEmpty() ? message : *error + QLatin1Char('\n') + message;
    };
    error->clear();
    if (recorded && !inventory.plan.value(QStringLiteral("hosts")).toObject().isEmpty()) {
        for (const QString &p : removeAcrossHosts(labName, inventory, events, removed, &domains))
            failed(p);
    }
    for (const QString &d : std::as_const(domains)) {
        if (!virt.hasDomain(d))
            continue;
        // Only what labforge's metadata says is this lab's (a record can be edited; the
        // metadata is what the run wrote into the domain).
        const Libvirt::Owner owner = virt.domainOwner(d);
        if (owner.lab != labName) {
            say(events,
                QStringLiteral("left domain %1 alone: its metadata names %2, not this lab")
                    .arg(d,
                         owner.lab.isEmpty() ? QStringLiteral("no labforge lab") : QStringLiteral("lab ") + owner.lab));
            continue;
        }
        if (QString e; virt.destroyDomain(d, &e)) {
            say(events, QStringLiteral("removed domain %1").arg(d));
            if (removed)
                removed->append(d);
        } else {
            failed(e);
        }
    }
    for (const QString &n : std::as_const(inventory.networks)) {
        if (!virt.hasNetwork(n))
            continue;
        if (QString e; virt.destroyNetwork(n, &e)) {
            say(events, QStringLiteral("removed network %1").arg(n));
            if (removed)
                removed->append(n);
        } else {
            failed(e);
        }
    }
    if (QString e; !removeUnrecordedNetworks(virt, labName, events, removed, &e))
        failed(e);
    if (QString e; !removeFiles(runDir, inventory, options.keepDisks, events, &e))
        failed(e);
    if (const int snapshots = LabSnapshots::removeAll(runDir))
        say(events, QStringLiteral("removed the lab's %1 snapshot(s)").arg(snapshots));
    removeRunState(runDir, options.purge, events);
    if (ok && !inventory.remove(&why))
        failed(why);
    return ok;
}

bool RunTeardown::removeOrphans(const QString &uri, const QString &lab, const EventSink &events, QString *error,
                                QStringList *removed)
{
    const RunStatus::Snapshot status = RunStatus::gather(lab, uri);
    bool ok = true;
    error->clear();
    for (const RunStatus::Orphan &o : status.orphans) {
        Libvirt virt(o.uri);
        QString e;
        // Looked at again just before: a run may have recorded it, or taken its lab's lock, since;
        // a run of another cache root or user is never removed.
        const auto owner = o.kind == u"domain" ? virt.domainOwner(o.name) : Libvirt::Owner();
        if (o.kind == u"domain"
            && (RunLock::isHeld(o.lab) || owner.lab != o.lab || !owner.by.elsewhere().isEmpty()
                || !virt.destroyDomain(o.name, &e))) {
            if (!e.isEmpty()) {
                ok = false;
                *error += e + u'\n';
            }
            continue;
        }
        if (o.kind == u"network" && !virt.destroyNetwork(o.name, &e)) {
            ok = false;
            *error += e + u'\n';
            continue;
        }
        say(events, QStringLiteral("removed orphan %1 %2 on %3").arg(o.kind, o.name, o.uri));
        if (removed)
            removed->append(o.name);
    }
    // A host that could not be asked may hold orphans: that is a failure, not a clean slate.
    for (const QString &p : status.problems) {
        if (!status.unlisted.contains(p))
            say(events, p);
    }
    for (const QString &p : status.unlisted) {
        ok = false;
        *error += QStringLiteral("cannot look for orphans: %1\n").arg(p);
    }
    *error = error->trimmed();
    return ok;
}

} // namespace Labforge
