// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "RunStatus.h"

#include "Libvirt.h"
#include "RegularFile.h"
#include "RunInventory.h"
#include "RunLock.h"
#include "RunnerPaths.h"
#include "SafeName.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

#include <map>
#include <memory>

namespace Labforge {

namespace {

const QString DefaultUri = QStringLiteral("qemu:///system");

// One connection per host for the whole gathering.
class Connections
{
public:
    Libvirt *to(const QString &uri, QStringList *problems)
    {
        auto &slot = m_open[uri];
        if (!slot) {
            slot = std::make_unique<Libvirt>(uri);
            if (!slot->isOpen())
                problems->append(failure(uri));
        }
        return slot->isOpen() ? slot.get() : nullptr;
    }
    // libvirt's error when `uri` could not be opened (once to() tried it).
    QString reason(const QString &uri) const
    {
        const auto it = m_open.find(uri);
        return it == m_open.end() ? QString() : it->second->openReason();
    }
    // Why `uri` could not be opened (once to() tried it).
    QString failure(const QString &uri) const
    {
        const auto it = m_open.find(uri);
        return QStringLiteral("%1 does not answer: %2")
            .arg(uri, it == m_open.end() ? QString() : it->second->openError());
    }
    QStringList uris() const
    {
        QStringList out;
        for (const auto &[uri, connection] : m_open)
            out.append(uri);
        return out;
    }

private:
    std::map<QString, std::unique_ptr<Libvirt>> m_open;
};

// What RunPipeline noted about the lab's last report.
void readLastReport(RunStatus::Run &run)
{
    // Absent, or not a small regular file: no verdict to show.
    QString ignored;
    const auto bytes = RegularFile::read(run.directory + QStringLiteral("/last-report.json"), 65536, &ignored);
    if (!bytes)
        return;
    const QJsonObject last = QJsonDocument::fromJson(*bytes).object();
    // A report from before this run began is an earlier run's.
    const QDateTime finished = QDateTime::fromString(last.value(QStringLiteral("finished")).toString(), Qt::ISODate);
    if (run.started.isValid() && (!finished.isValid() || finished < run.started))
        return;
    run.verdict = last.value(QStringLiteral("verdict")).toString();
    run.report = last.value(QStringLiteral("directory")).toString();
}

QString removeCommand(const QString &uri)
{
    return uri == DefaultUri ? QStringLiteral("labforge down --orphans")
                             : QStringLiteral("labforge down --orphans --uri ") + uri;
}

// What is labforge's on one host but in no run recorded here: a run of another cache root or
// user (by the metadata of its domains, and the networks named for their labs), else an orphan.
void findUnrecorded(Libvirt &virt, const QString &lab, const QSet<QString> &recordedDomains,
                    const QSet<QString> &recordedNetworks, RunStatus::Snapshot *out)
{
    const QString host = virt.uri();
    QString error;
    QHash<QString, RunStatus::Elsewhere> labsElsewhere; // by "labforge-<lab>-"
    if (const auto domains = virt.labforgeDomains(&error)) {
        for (auto it = domains->cbegin(); it != domains->cend(); ++it) {
            if (recordedDomains.contains(host + u'\n' + it.key()) || (!lab.isEmpty() && it->lab != lab)
                || RunLock::isHeld(it->lab))
                continue;
            if (const QString what = it->by.elsewhere(); !what.isEmpty()) {
                const RunStatus::Elsewhere e {QStringLiteral("domain"), it.key(), host, it->lab, it->by, what};
                out->elsewhere.append(e);
                labsElsewhere.insert(QStringLiteral("labforge-%1-").arg(it->lab), e);
                continue;
            }
            out->orphans.append({QStringLiteral("domain"), it.key(), host, it->lab, removeCommand(host)});
        }
    } else {
        out->problems.append(error);
        out->unlisted.append(error);
    }
    const auto networks = virt.networks(QStringLiteral("labforge-"), &error);
    if (!networks) {
        out->problems.append(error);
        out->unlisted.append(error);
        return;
    }
    for (const QString &n : *networks) {
        if (recordedNetworks.contains(n) || (!lab.isEmpty() && !n.startsWith(QStringLiteral("labforge-%1-").arg(lab))))
            continue;
        const RunStatus::Elsewhere *of = nullptr;
        for (auto e = labsElsewhere.cbegin(); e != labsElsewhere.cend() && !of; ++e)
            of = n.startsWith(e.key()) ? &e.value() : nullptr;
        if (of)
            out->elsewhere.append({QStringLiteral("network"), n, host, of->lab, of->owner, of->what});
        else
            out->orphans.append({QStringLiteral("network"), n, host, QString(), removeCommand(host)});
    }
}

} // namespace

int RunStatus::Run::running() const
{
    return int(std::count_if(nodes.cbegin(), nodes.cend(), [](const Node &n) { return n.state == u"running"; }));
}

RunStatus::Snapshot RunStatus::gather(const QString &lab, const QString &uri)
{
    Snapshot out;
    Connections hosts;
    out.uri = uri.isEmpty() ? DefaultUri : uri;
    QStringList said; // said once, as `unreachable`, not again among the problems
    if (!hosts.to(out.uri, &said))
        out.unreachable =
            hosts.reason(out.uri).isEmpty() ? QStringLiteral("libvirt gave no reason") : hosts.reason(out.uri);
    QSet<QString> recordedDomains; // "uri\nname"
    QSet<QString> recordedNetworks;
    QDir runs(RunnerPaths::cacheRoot() + QStringLiteral("/runs"));
    for (const QString &name : runs.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        if (!SafeName::isValid(name, SafeName::Kind::Lab))
            continue;
        RunInventory inventory(runs.filePath(name));
        QString error;
        if (!inventory.load(&error)) {
            if (QFile::exists(inventory.path()))
                out.problems.append(error);
            continue;
        }
        for (const RunInventory::Domain &d : std::as_const(inventory.domains))
            recordedDomains.insert(inventory.uriOf(d.name) + u'\n' + d.name);
        for (const QString &n : std::as_const(inventory.networks))
            recordedNetworks.insert(n);
        if ((!lab.isEmpty() && name != lab) || inventory.isEmpty())
            continue;
        Run run;
        run.lab = name;
        run.runId = inventory.runId;
        run.directory = runs.filePath(name);
        run.started = inventory.started;
        run.busy = RunLock::isHeld(name);
        run.networks = inventory.networks;
        for (const RunInventory::Domain &d : std::as_const(inventory.domains)) {
            Node node {d.node, d.name, inventory.uriOf(d.name), QStringLiteral("unreachable"), d.sshHost, d.started};
            if (Libvirt *virt = hosts.to(node.uri, &out.problems))
                node.state = virt->domainState(d.name);
            run.nodes.append(node);
        }
        readLastReport(run);
        out.runs.append(run);
    }
    // Orphans: on every host a run named, and on `uri`.
    for (const QString &host : hosts.uris()) {
        Libvirt *virt = hosts.to(host, &out.problems);
        if (!virt) {
            out.unlisted.append(hosts.failure(host));
            continue;
        }
        findUnrecorded(*virt, lab, recordedDomains, recordedNetworks, &out);
    }
    return out;
}

std::optional<RunStatus::Run> RunStatus::recordedRun(const QString &lab, const QString &uri)
{
    const Snapshot s = gather(lab, uri);
    for (const Run &r : s.runs) {
        if (r.lab == lab)
            return r;
    }
    return std::nullopt;
}

QString RunStatus::unreachableLine(const Snapshot &snapshot)
{
    return QStringLiteral("libvirt could not be reached at %1: %2; whether a lab is up there is not known\n")
        .arg(snapshot.uri, snapshot.unreachable);
}

QString RunStatus::summary(const Run &run)
{
    QString text = QStringLiteral("%1 of %2 node(s) running").arg(run.running()).arg(run.nodes.size());
    if (run.started.isValid())
        text +=
            QStringLiteral(", up since %1").arg(run.started.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm")));
    text += QStringLiteral(" (run %1)").arg(run.runId.left(8));
    if (!run.verdict.isEmpty())
        text += QStringLiteral(", last verdict: %1").arg(run.verdict);
    if (run.busy)
        text += QStringLiteral(", a command is working on it now");
    return text;
}

QJsonObject RunStatus::toJson(const Snapshot &snapshot)
{
    QJsonArray runs;
    const QDateTime now = QDateTime::currentDateTimeUtc();
    for (const Run &r : snapshot.runs) {
        QJsonArray nodes;
        for (const Node &n : r.nodes) {
            QJsonObject o {{QStringLiteral("node"), n.node},
                           {QStringLiteral("domain"), n.domain},
                           {QStringLiteral("host"), n.uri},
                           {QStringLiteral("state"), n.state},
                           {QStringLiteral("address"), n.address}};
            if (n.started.isValid()) {
                o.insert(QStringLiteral("started"), n.started.toString(Qt::ISODate));
                if (n.state == u"running")
                    o.insert(QStringLiteral("uptime_s"), n.started.secsTo(now));
            }
            nodes.append(o);
        }
        runs.append(QJsonObject {{QStringLiteral("lab"), r.lab},
                                 {QStringLiteral("run"), r.runId},
                                 {QStringLiteral("directory"), r.directory},
                                 {QStringLiteral("started"), r.started.toString(Qt::ISODate)},
                                 {QStringLiteral("busy"), r.busy},
                                 {QStringLiteral("running"), r.running()},
                                 {QStringLiteral("nodes"), nodes},
                                 {QStringLiteral("networks"), QJsonArray::fromStringList(r.networks)},
                                 {QStringLiteral("verdict"), r.verdict},
                                 {QStringLiteral("report"), r.report}});
    }
    QJsonArray orphans;
    for (const Orphan &o : snapshot.orphans)
        orphans.append(QJsonObject {{QStringLiteral("kind"), o.kind},
                                    {QStringLiteral("name"), o.name},
                                    {QStringLiteral("host"), o.uri},
                                    {QStringLiteral("lab"), o.lab},
                                    {QStringLiteral("remove_with"), o.removeWith}});
    QJsonArray elsewhere;
    for (const Elsewhere &e : snapshot.elsewhere)
        elsewhere.append(QJsonObject {{QStringLiteral("kind"), e.kind},
                                      {QStringLiteral("name"), e.name},
                                      {QStringLiteral("host"), e.uri},
                                      {QStringLiteral("lab"), e.lab},
                                      {QStringLiteral("cache_root"), e.owner.cacheRoot},
                                      {QStringLiteral("user"), e.owner.user},
                                      {QStringLiteral("what"), e.what}});
    return QJsonObject {
        {QStringLiteral("libvirt"),
         QJsonObject {{QStringLiteral("uri"), snapshot.uri}, {QStringLiteral("error"), snapshot.unreachable}}},
        {QStringLiteral("runs"), runs},
        {QStringLiteral("orphans"), orphans},
        {QStringLiteral("elsewhere"), elsewhere},
        {QStringLiteral("problems"), QJsonArray::fromStringList(snapshot.problems)}};
}

QString RunStatus::text(const Snapshot &snapshot)
{
    QString out;
    const QDateTime now = QDateTime::currentDateTimeUtc();
    auto uptime = [&](const Node &n) {
        if (n.state != u"running" || !n.started.isValid())
            return QStringLiteral("-");
        const qint64 s = n.started.secsTo(now);
        return s >= 3600 ? QStringLiteral("%1 h %2 min").arg(s / 3600).arg(s % 3600 / 60)
                         : QStringLiteral("%1 min %2 s").arg(s / 60).arg(s % 60);
    };
    for (const Run &r : snapshot.runs) {
        out += QStringLiteral("%1: %2\n").arg(r.lab, summary(r));
        for (const Node &n : r.nodes)
            out += QStringLiteral("  %1 %2 %3 %4 %5\n")
                       .arg(n.node, -16)
                       .arg(n.state, -10)
                       .arg(n.address, -15)
                       .arg(uptime(n), -12)
                       .arg(n.uri);
        if (!r.report.isEmpty())
            out += QStringLiteral("  report: %1\n").arg(r.report);
    }
    if (!snapshot.unreachable.isEmpty())
        out += unreachableLine(snapshot);
    else if (snapshot.runs.isEmpty())
        out += snapshot.elsewhere.isEmpty() ? QStringLiteral("no lab is up\n")
                                            : QStringLiteral("no lab of this cache root and user is up\n");
    if (!snapshot.elsewhere.isEmpty()) {
        out += QStringLiteral("\nruns of another cache root or user (not orphans: their own `labforge status` lists "
                              "them):\n");
        for (const Elsewhere &e : snapshot.elsewhere)
            out += QStringLiteral("  %1 %2 on %3 (lab %4) — %5\n").arg(e.kind, e.name, e.uri, e.lab, e.what);
    }
    if (!snapshot.orphans.isEmpty()) {
        out += QStringLiteral("\norphans (labforge's, but in no recorded run):\n");
        for (const Orphan &o : snapshot.orphans)
            out += QStringLiteral("  %1 %2 on %3%4 — remove with: %5\n")
                       .arg(o.kind, o.name, o.uri, o.lab.isEmpty() ? QString() : QStringLiteral(" (lab %1)").arg(o.lab),
                            o.removeWith);
    }
    for (const QString &p : snapshot.problems)
        out += QStringLiteral("problem: %1\n").arg(p);
    return out;
}

} // namespace Labforge
