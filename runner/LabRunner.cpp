// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "LabRunner.h"

#include "AccelProbe.h"
#include "ArtifactCache.h"
#include "BootPlanner.h"
#include "BootstrapToken.h"
#include "DebianMirror.h"
#include "DomainLauncher.h"
#include "HostCommand.h"
#include "HostNetworks.h"
#include "HostPlacement.h"
#include "HostProbe.h"
#include "HostRun.h"
#include "HypervisorGroup.h"
#include "Lab.h"
#include "Libvirt.h"
#include "LibvirtXml.h"
#include "PrivateFile.h"
#include "RunLock.h"
#include "RunnerPaths.h"
#include "SeedComposer.h"
#include "SeedDisk.h"
#include "SshTransport.h"
#include "SshWaiter.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QThread>
#include <QUuid>
#include <QtConcurrent>
#include <map>
#include <memory>

namespace Labforge {

namespace {

QString hostKeyPath(const QString &runDir, const QString &node)
{
    return runDir + QStringLiteral("/hostkeys/") + node + QStringLiteral("/ssh_host_ed25519_key");
}

QString readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

QString sshUser(const Node &node)
{
    for (const User &u : node.recipe.users) {
        if (u.ssh)
            return u.name;
    }
    return {};
}

} // namespace

LabRunner::LabRunner(const Lab &lab, const Bundle &bundle, Options options)
    : m_lab(lab)
    , m_bundle(bundle)
    , m_options(std::move(options))
    , m_redactor(m_options.redactor ? *m_options.redactor : m_ownRedactor)
    , m_runDir(RunnerPaths::run(lab.name, &m_pathError))
    , m_inventory(m_runDir)
{ }

LabRunner::~LabRunner() = default;

void LabRunner::emitEvent(RunEvent::Type type, const QString &stage, const QString &node, const QString &message,
                          double progress, RunEvent::NodeState nodeState)
{
    if (!m_options.events)
        return;
    RunEvent e;
    e.type = type;
    e.stage = stage;
    e.node = node;
    e.message = m_redactor.redact(message);
    e.progress = progress;
    e.nodeState = nodeState;
    m_options.events(e);
}

bool LabRunner::fail(Result &result, const QString &stage, const QString &message)
{
    result.ok = false;
    result.error = m_redactor.redact(message);
    emitEvent(RunEvent::Type::StageFailed, stage, {}, message);
    if (m_options.keepOnFailure) {
        emitEvent(RunEvent::Type::Log, QStringLiteral("teardown"), {},
                  QStringLiteral("keeping what was created (--keep-on-failure); remove it with `labforge down`"));
    } else {
        cleanup();
    }
    return false;
}

void LabRunner::cleanup()
{
    emitEvent(RunEvent::Type::StageStarted, QStringLiteral("teardown"), {},
              QStringLiteral("removing what this run created"));
    QString error;
    const QStringList domains = m_inventory.domainNames();
    const QJsonObject hosts = m_inventory.plan.value(QStringLiteral("hosts")).toObject();
    if (!hosts.isEmpty()) {
        // A run across hosts: its domains, networks and volumes, each where it was made.
        QStringList problems;
        QStringList removed;
        HostRun::remove(m_lab.name, m_inventory.runId, hosts, domains, m_inventory.networks, &problems, &removed);
        for (const QString &p : std::as_const(problems))
            emitEvent(RunEvent::Type::Log, QStringLiteral("teardown"), {}, p);
    }
    Libvirt virt(m_options.uri);
    for (auto it = domains.crbegin(); it != domains.crend() && hosts.isEmpty(); ++it) {
        if (virt.isOpen() && !virt.destroyDomain(*it, &error))
            emitEvent(RunEvent::Type::Log, QStringLiteral("teardown"), {}, error);
    }
    for (auto it = m_inventory.networks.crbegin(); it != m_inventory.networks.crend() && hosts.isEmpty(); ++it) {
        if (virt.isOpen() && !virt.destroyNetwork(*it, &error))
            emitEvent(RunEvent::Type::Log, QStringLiteral("teardown"), {}, error);
    }
    int files = 0;
    for (const QString &f : std::as_const(m_inventory.files)) {
        if (m_inventory.owns(f) && (QFile::remove(f) || !QFile::exists(f)))
            ++files;
        else
            emitEvent(RunEvent::Type::Log, QStringLiteral("teardown"), {}, QStringLiteral("%1 was not removed").arg(f));
    }
    emitEvent(RunEvent::Type::StageFinished, QStringLiteral("teardown"), {},
              QStringLiteral("removed %1 domain(s), %2 network(s), %3 file(s)")
                  .arg(domains.size())
                  .arg(m_inventory.networks.size())
                  .arg(files));
    m_inventory.domains.clear();
    m_inventory.networks.clear();
    m_inventory.files.clear();
    if (!m_inventory.remove(&error))
        emitEvent(RunEvent::Type::Log, QStringLiteral("teardown"), {}, error);
}

bool LabRunner::record(QString *error)
{
    return m_inventory.save(error);
}

bool LabRunner::prepareHostKeys(QString *error)
{
    QByteArray knownHosts;
    for (const Node &n : m_lab.nodes) {
        const QString key = hostKeyPath(m_runDir, n.id);
        if (!QFile::exists(key)) {
            if (!PrivateFile::makeDirectory(m_runDir + QStringLiteral("/hostkeys"), error)
                || !PrivateFile::makeDirectory(QFileInfo(key).path(), error))
                return false;
            const auto r = HostCommand(QStringLiteral("ssh-keygen"),
                                       {QStringLiteral("-q"), QStringLiteral("-t"), QStringLiteral("ed25519"),
                                        QStringLiteral("-N"), QString(), QStringLiteral("-C"),
                                        QStringLiteral("root@") + n.id, QStringLiteral("-f"), key})
                               .timeout(30000)
                               .run();
            if (!r.ok()) {
                *error = r.describe(QStringLiteral("ssh-keygen (host key)"));
                return false;
            }
        }
        const QString pub = readAll(key + QStringLiteral(".pub")).section(QLatin1Char(' '), 0, 1);
        for (const NodeInterface &iface : n.interfaces)
            knownHosts += iface.ip.toUtf8() + ' ' + pub.toUtf8() + '\n';
    }
    QFile f(m_runDir + QStringLiteral("/known_hosts"));
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(knownHosts) != knownHosts.size()) {
        *error = QStringLiteral("cannot write %1").arg(f.fileName());
        return false;
    }
    return true;
}

bool LabRunner::createFiles(const BootPlan &plan, QString *error)
{
    // QEMU (libvirt hands it the disks, in its group) passes through to vm/; no other local
    // user reaches anything a run writes: the overlays hold the guests' host keys and the
    // ops password's hash once booted, the data disks the lab's data.
    const auto hypervisor = HypervisorGroup::id();
    if (!PrivateFile::makePassage(m_runDir, hypervisor, error)
        || !PrivateFile::makePassage(m_runDir + QStringLiteral("/vm"), hypervisor, error)
        || !PrivateFile::closeToOthers(m_runDir, error))
        return false;
    const QString passwordHash = BootstrapToken::passwordHash(m_secrets.opsPassword);
    for (const BootPlan::Domain &d : plan.domains) {
        for (const BootPlan::Disk &disk : d.disks) {
            QFile::remove(disk.file);
            // Recorded before it exists: a run killed while making it still names it.
            m_inventory.files.append(disk.file);
            if (!record(error))
                return false;
            if (disk.kind == BootPlan::Disk::Kind::System) {
                const auto r = HostCommand(QStringLiteral("qemu-img"),
                                           {QStringLiteral("create"), QStringLiteral("-q"), QStringLiteral("-f"),
                                            QStringLiteral("qcow2"), QStringLiteral("-F"), QStringLiteral("qcow2"),
                                            QStringLiteral("-b"), disk.backing, disk.file})
                                   .timeout(60000)
                                   .run();
                if (!r.ok()) {
                    *error = QStringLiteral("node %1: %2")
                                 .arg(d.node, r.describe(QStringLiteral("qemu-img create (copy-on-write root disk)")));
                    return false;
                }
                if (!PrivateFile::restrict(disk.file, error))
                    return false;
            } else if (disk.kind == BootPlan::Disk::Kind::Seed) {
                const Bundle::NodeImage *image = m_bundle.node(d.node);
                SeedDisk seed;
                if (!image
                    || !SeedComposer::compose(*image, {m_secrets, passwordHash, hostKeyPath(m_runDir, d.node)}, seed,
                                              error)) {
                    if (!image)
                        *error = QStringLiteral("node %1 has no image in the bundle").arg(d.node);
                    return false;
                }
                if (!seed.write(disk.file, error))
                    return false;
            } else {
                if (QString why; !PrivateFile::create(disk.file, disk.sizeBytes, &why)) {
                    *error = QStringLiteral("node %1: the %2 disk: %3").arg(d.node, disk.serial, why);
                    return false;
                }
                if (!dataDiskCreated(d, disk, error))
                    return false;
            }
        }
        m_inventory.files.append(d.consoleLog);
    }
    return record(error);
}

bool LabRunner::carryToHosts(BootPlan &plan, QString *error)
{
    QJsonObject hosts = HostRun::record(plan);
    m_inventory.plan.insert(QStringLiteral("hosts"), hosts);
    if (!record(error))
        return false;
    for (BootPlan::Domain &d : plan.domains) {
        const QString uri = HostRun::uriOf(plan, d.host);
        if (!HostRun::isElsewhere(uri))
            continue;
        emitEvent(RunEvent::Type::Log, QStringLiteral("seed"), d.node,
                  QStringLiteral("carrying the disks of %1 to host %2").arg(d.node, d.host));
        QJsonArray volumes = hosts.value(QStringLiteral("volumes")).toArray();
        const bool ok = HostRun::carry(d, uri, &volumes, error);
        hosts.insert(QStringLiteral("volumes"), volumes);
        m_inventory.plan.insert(QStringLiteral("hosts"), hosts);
        QString why;
        if (!record(&why) || !ok) {
            if (ok)
                *error = why;
            return false;
        }
    }
    return true;
}

QList<HostPlacement::Capacity> LabRunner::probeHosts(const QList<LabHost> &hosts) const
{
    return HostProbe::probe(hosts);
}

bool LabRunner::placeOnHosts(BootPlan &plan, QString *error) const
{
    const QList<HostPlacement::Capacity> capacities = probeHosts(m_lab.hosts);
    const HostPlacement::Result placed = HostPlacement::place(m_lab, plan, capacities);
    plan.placement = HostPlacement::describe(placed, capacities);
    for (const LabHost &h : m_lab.hosts)
        plan.hosts.append(BootPlan::Host {h.name, h.uri, h.tunnelAddress, h.tunnelPort, h.fabric});
    for (BootPlan::Domain &d : plan.domains)
        d.host = placed.hostOfNode.value(d.node);
    const QString where = QStringLiteral("\n  ") + plan.placement.join(QStringLiteral("\n  "));
    if (!placed.ok) {
        *error =
            QStringLiteral("the lab does not fit its hosts; nothing was allocated:\n  %1\nWhat the hosts can give:%2")
                .arg(QString(placed.error).replace(QLatin1Char('\n'), QStringLiteral("\n  ")), where);
        return false;
    }
    // One host that is this machine: the run is today's, at that host's URI.
    if (plan.hosts.size() == 1 && !HostRun::isElsewhere(plan.hosts.first().uri)) {
        plan.uri = plan.hosts.first().uri;
        plan.hosts.clear();
        for (BootPlan::Domain &d : plan.domains)
            d.host.clear();
        return true;
    }
    BootPlanner::spreadOverHosts(plan);
    plan.uri = HostRun::uriOf(plan, BootPlanner::gatewayHost(plan));
    return true;
}

LabRunner::Result LabRunner::up()
{
    Result result;
    if (m_runDir.isEmpty()) {
        result.error = m_pathError;
        return result;
    }
    RunLock lock(m_lab.name);
    if (!lock.acquire(&result.error))
        return result;
    // Plan first: nothing is allocated until the plan is confirmed.
    QMap<QString, ImageBuilder::NodeImage> images;
    for (const Node &n : m_lab.nodes) {
        const QString dir = RunnerPaths::nodeImages(m_lab.name, n.id, &result.error);
        if (dir.isEmpty())
            return result;
        images.insert(n.id,
                      ImageBuilder::NodeImage {dir + QStringLiteral("/disk.qcow2"),
                                               dir + QStringLiteral("/vmlinuz"),
                                               dir + QStringLiteral("/initrd.img"),
                                               {},
                                               false});
    }
    BootPlanner::Options po;
    po.uri = m_options.uri;
    po.accel = m_options.accel;
    po.memoryScale = m_options.memoryScale;
    po.isolated = m_options.isolated;
    po.runDirectory = m_runDir;
    result.plan = BootPlanner::plan(m_lab, images, po);
    planned(result.plan);
    BootPlan &plan = result.plan;
    if (!m_lab.hosts.isEmpty() && !placeOnHosts(plan, &result.error))
        return result;
    for (const BootPlan::Domain &d : plan.domains) {
        const bool named = d.consoleLog.size() > 0
            && std::all_of(d.disks.begin(), d.disks.end(),
                           [](const BootPlan::Disk &disk) { return !disk.file.isEmpty(); });
        if (!named) {
            result.error =
                QStringLiteral("node %1: a node or disk id cannot name a file in %2/vm").arg(d.node, m_runDir);
            return result;
        }
    }
    if (m_options.confirm && !m_options.confirm(plan)) {
        result.error = QStringLiteral("not confirmed; nothing was allocated");
        return result;
    }

    {
        // Exactly the names this run would create, on the host each would be made on; whoever
        // owns them, they are not ours to replace.
        std::map<QString, std::unique_ptr<Libvirt>> probes;
        QString unreachable;
        const auto at = [&](const QString &host) -> Libvirt * {
            const QString uri = plan.hosts.isEmpty() ? plan.uri : HostRun::uriOf(plan, host);
            std::unique_ptr<Libvirt> &probe = probes[uri];
            if (!probe)
                probe = std::make_unique<Libvirt>(uri);
            if (probe->isOpen())
                return probe.get();
            if (unreachable.isEmpty())
                unreachable = plan.hosts.isEmpty()
                    ? probe->openError() + QStringLiteral(" (is libvirtd running? start it, or choose another --uri)")
                    : QStringLiteral("host %1 (%2): %3; nothing was allocated").arg(host, uri, probe->openError());
            return nullptr;
        };
        QStringList taken;
        for (const BootPlan::Domain &d : plan.domains) {
            Libvirt *probe = at(d.host);
            if (probe && probe->hasDomain(d.name)) {
                const Libvirt::Owner owner = probe->domainOwner(d.name);
                const QString where = d.host.isEmpty() ? QString() : QStringLiteral(" on host %1").arg(d.host);
                taken.append(owner.lab.isEmpty()
                                 ? QStringLiteral("domain %1%2 (not made by labforge)").arg(d.name, where)
                                 : QStringLiteral("domain %1%2 (lab %3)").arg(d.name, where, owner.lab));
            }
        }
        for (const BootPlan::Network &n : plan.networks) {
            Libvirt *probe = at(n.host);
            if (probe && probe->hasNetwork(n.name))
                taken.append(n.host.isEmpty() ? QStringLiteral("network %1").arg(n.name)
                                              : QStringLiteral("network %1 on host %2").arg(n.name, n.host));
        }
        if (!unreachable.isEmpty()) {
            result.error = unreachable;
            return result;
        }
        if (!taken.isEmpty()) {
            result.error = QStringLiteral("libvirt already has %1; nothing was allocated (if a run of lab %2 left "
                                          "them, `labforge down` removes them)")
                               .arg(taken.join(QStringLiteral(", ")), m_lab.name);
            return result;
        }
    }

    // A run that was left up (or kept after a failure) is taken down first, never overwritten.
    if (RunInventory previous(m_runDir); previous.load(&result.error) && !previous.isEmpty()) {
        result.error = QStringLiteral("the last run of lab %1 left %2 domain(s), %3 network(s) and %4 file(s) (%5); "
                                      "run `labforge down` first")
                           .arg(m_lab.name)
                           .arg(previous.domains.size())
                           .arg(previous.networks.size())
                           .arg(previous.files.size())
                           .arg(previous.path());
        return result;
    }
    result.error.clear();

    // The accelerator: the finding cached for this host, kernel and QEMU, or a probe guest,
    // which runs beside the image build when a kernel to boot it is already there.
    const bool autoAccel = plan.accel == BootPlan::Accel::Auto;
    const QString probeKernel = plan.domains.value(0).kernel, probeInitrd = plan.domains.value(0).initrd;
    CancelToken probeCancel;
    QFuture<AccelProbe::Result> probing;
    const auto startProbe = [&] {
        emitEvent(RunEvent::Type::StageStarted, QStringLiteral("probe"), {},
                  QStringLiteral("checking whether KVM runs guests on this host"));
        probing = QtConcurrent::run([probeKernel, probeInitrd, probeCancel] {
            return AccelProbe::probeCached(probeKernel, probeInitrd, 60000, probeCancel,
                                           RunnerPaths::accelProbeCache());
        });
    };
    const auto stopProbe = [&] {
        if (probing.isValid()) {
            probeCancel.cancel();
            probing.waitForFinished();
        }
    };
    if (autoAccel && QFile::exists(probeKernel) && QFile::exists(probeInitrd))
        startProbe();

    if (m_options.buildImages) {
        emitEvent(RunEvent::Type::StageStarted, QStringLiteral("image"), {}, QStringLiteral("building stale images"));
        ImageBuilder::Options io;
        io.mirror = DebianMirror::url();
        io.jobs = m_options.jobs;
        io.cancel = m_options.cancel;
        io.events = m_options.events;
        io.redactor = &m_redactor;
        io.labName = m_lab.name;
        ImageBuilder builder(m_bundle, ArtifactCache(), io);
        QStringList nodes;
        for (const Node &n : m_lab.nodes)
            nodes.append(n.id);
        QString error;
        if (!builder.build(nodes, &error)) {
            stopProbe();
            result.error = m_redactor.redact(error);
            emitEvent(RunEvent::Type::StageFailed, QStringLiteral("image"), {}, error);
            return result;
        }
        emitEvent(RunEvent::Type::StageFinished, QStringLiteral("image"), {}, QStringLiteral("images ready"));
    }

    if (autoAccel) {
        if (!probing.isValid())
            startProbe();
        // A cancel of the run reaches the probe guest too.
        QElapsedTimer waited;
        waited.start();
        while (!probing.isFinished()) {
            if (m_options.cancel.isCancelled())
                probeCancel.cancel();
            QThread::msleep(100);
        }
        const AccelProbe::Result probe = probing.result();
        result.probeWaitMs = waited.elapsed();
        plan.accel = probe.accel;
        result.accelReason = probe.reason;
        emitEvent(RunEvent::Type::StageFinished, QStringLiteral("probe"), {}, probe.reason);
    } else {
        result.accelReason = QStringLiteral("%1: chosen explicitly").arg(BootPlan::accelName(plan.accel).toUpper());
        emitEvent(RunEvent::Type::StageStarted, QStringLiteral("probe"), {}, result.accelReason);
        emitEvent(RunEvent::Type::StageFinished, QStringLiteral("probe"), {}, result.accelReason);
    }
    emitEvent(RunEvent::Type::Notice, QStringLiteral("boot"), {},
              QStringLiteral("accelerator %1; memory scale %2 (%3 MiB for %4 VMs)")
                  .arg(result.accelReason)
                  .arg(plan.memoryScale)
                  .arg(plan.totalMemoryMiB())
                  .arg(plan.domains.size()));

    QString error;
    m_inventory.runId = QUuid::createUuid().toString(QUuid::WithoutBraces);
    m_inventory.lab = m_lab.name;
    m_inventory.uri = plan.uri;
    m_inventory.plan = QJsonObject {{QStringLiteral("accel"), BootPlan::accelName(plan.accel)},
                                    {QStringLiteral("memory_scale"), plan.memoryScale},
                                    {QStringLiteral("isolated"), plan.isolated}};
    emitEvent(RunEvent::Type::StageStarted, QStringLiteral("seed"), {}, QStringLiteral("secrets, host keys, disks"));
    m_secrets = LabSecrets::obtain(m_lab.name, m_runDir + QStringLiteral("/secrets"), m_redactor, &error);
    if (!error.isEmpty())
        return fail(result, QStringLiteral("seed"), error), result;
    for (const QString &note : std::as_const(m_secrets.notes))
        emitEvent(RunEvent::Type::Notice, QStringLiteral("seed"), {}, note);
    if (!prepareHostKeys(&error) || !createFiles(plan, &error))
        return fail(result, QStringLiteral("seed"), error), result;
    if (!plan.hosts.isEmpty() && !carryToHosts(plan, &error))
        return fail(result, QStringLiteral("seed"), error), result;

    Libvirt virt(plan.uri);
    emitEvent(RunEvent::Type::StageStarted, QStringLiteral("network"), {},
              QStringLiteral("%1 network(s)").arg(plan.networks.size()));
    if (!plan.hosts.isEmpty()) {
        // On every host with a node on each network, joined by tunnels; a failure on one host
        // removes what was made on all of them.
        QStringList made;
        const bool ok = HostNetworks(plan).create(&made, &error);
        m_inventory.networks = made;
        QString why;
        if (!record(&why) || !ok)
            return fail(result, QStringLiteral("network"), ok ? why : error), result;
    }
    for (const BootPlan::Network &n : plan.hosts.isEmpty() ? plan.networks : QList<BootPlan::Network>()) {
        if (m_options.cancel.isCancelled())
            return fail(result, QStringLiteral("network"), QStringLiteral("cancelled")), result;
        if (!virt.defineAndStartNetwork(LibvirtXml::network(n), &error))
            return fail(result, QStringLiteral("network"), error), result;
        m_inventory.networks.append(n.name);
        if (!record(&error))
            return fail(result, QStringLiteral("network"), error), result;
    }
    emitEvent(RunEvent::Type::StageStarted, QStringLiteral("boot"), {},
              QStringLiteral("%1 VM(s)").arg(plan.domains.size()));
    // All domains at once; each is in the inventory the moment it exists.
    QElapsedTimer launching;
    launching.start();
    const auto launchOn = [&](Libvirt &on, const BootPlan &part) {
        return DomainLauncher::launch(
            on, part, m_inventory.runId, m_options.cancel,
            [this](const BootPlan::Domain &d, QString *why) {
                m_inventory.domains.append(RunInventory::Domain {d.name, d.node, d.sshHost, d.memoryMiB, d.consoleLog});
                return record(why);
            },
            [this](const BootPlan::Domain &d) {
                emitEvent(RunEvent::Type::NodeState, QStringLiteral("boot"), d.node,
                          QStringLiteral("booting (%1 MiB, %2 vCPU)").arg(d.memoryMiB).arg(d.vcpus), 0,
                          RunEvent::NodeState::Booting);
            });
    };
    DomainLauncher::Outcome launched;
    if (plan.hosts.isEmpty()) {
        launched = launchOn(virt, plan);
    } else {
        // Each host's domains through that host's libvirt.
        launched.ok = true;
        for (const BootPlan::Host &h : std::as_const(plan.hosts)) {
            BootPlan part = plan;
            part.domains.clear();
            for (const BootPlan::Domain &d : std::as_const(plan.domains)) {
                if (d.host == h.name)
                    part.domains.append(d);
            }
            if (part.domains.isEmpty())
                continue;
            Libvirt on(h.uri);
            const DomainLauncher::Outcome here =
                on.isOpen() ? launchOn(on, part) : DomainLauncher::Outcome {false, on.openError(), {}, 0, {}};
            launched.notes += here.notes;
            launched.defineMs.insert(here.defineMs);
            if (!here.ok) {
                launched.ok = false;
                launched.error = QStringLiteral("host %1: %2").arg(h.name, here.error);
                break;
            }
        }
    }
    result.defineMs = launched.defineMs;
    result.bootStageMs = launching.elapsed();
    for (const QString &note : launched.notes)
        emitEvent(RunEvent::Type::Notice, QStringLiteral("boot"), {}, note);
    if (!launched.ok)
        return fail(result, QStringLiteral("boot"), launched.error), result;
    const int sshTimeout = m_options.sshTimeoutSeconds > 0
        ? m_options.sshTimeoutSeconds
        : SshWaiter::defaultTimeout(plan, QThread::idealThreadCount());
    emitEvent(RunEvent::Type::StageStarted, QStringLiteral("ssh"), {},
              QStringLiteral("waiting for SSH on every node (at most %1 s)").arg(sshTimeout));
    SshWaiter::Setup setup;
    setup.uri = plan.uri;
    for (const BootPlan::Domain &d : plan.domains)
        setup.uriOfNode.insert(d.node, HostRun::uriOf(plan, d.host));
    for (const BootPlan::Domain &d : plan.domains)
        setup.users.insert(d.node, sshUser(*m_lab.node(d.node)));
    setup.privateKeyFile = m_secrets.sshPrivateKeyFile;
    setup.knownHostsFile = m_runDir + QStringLiteral("/known_hosts");
    setup.controlDir = m_runDir + QStringLiteral("/ssh");
    setup.timeoutSeconds = sshTimeout;
    setup.cancel = m_options.cancel;
    setup.events = m_options.events;
    setup.redactor = &m_redactor;
    const SshWaiter waiter(std::move(setup));
    const SshWaiter::Outcome answered = waiter.wait(plan.domains);
    result.nodesUp = answered.up;
    result.consoles = answered.consoles;
    result.firstCommandUptimeS = answered.firstCommandUptimeS;
    if (!answered.ok)
        return fail(result, QStringLiteral("ssh"), answered.error), result;
    emitEvent(RunEvent::Type::StageFinished, QStringLiteral("ssh"), {},
              QStringLiteral("all %1 nodes answer SSH").arg(plan.domains.size()));
    result.ok = true;
    return result;
}

bool LabRunner::down(const QString &labName, const QString &uri, const EventSink &events, QString *error,
                     QStringList *removed)
{
    auto say = [&](const QString &m) {
        if (events) {
            RunEvent e;
            e.stage = QStringLiteral("teardown");
            e.message = m;
            events(e);
        }
    };
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
    Libvirt virt(uri.isEmpty() ? (inventory.uri.isEmpty() ? QStringLiteral("qemu:///system") : inventory.uri) : uri);
    if (!virt.isOpen()) {
        *error = virt.openError();
        return false;
    }
    QStringList domains = inventory.domainNames();
    if (!recorded) {
        // No inventory (a run from before it existed, or one removed by hand): the domains whose
        // labforge metadata names exactly this lab. Networks are only ever removed by inventory.
        const auto owned = virt.domainsOfLab(labName, error);
        if (!owned)
            return false;
        domains = *owned;
        say(QStringLiteral("%1; removing the domains whose labforge metadata names lab %2").arg(why, labName));
    }
    bool ok = true;
    auto failed = [&](const QString &message) {
        ok = false;
        *error = error->isEmpty() ? message : *error + QLatin1Char('\n') + message;
    };
    error->clear();
    // A run across hosts: its domains, networks and volumes, each on the host it was made on.
    const QJsonObject hosts = inventory.plan.value(QStringLiteral("hosts")).toObject();
    if (recorded && !hosts.isEmpty()) {
        QStringList problems;
        QStringList gone;
        HostRun::remove(labName, inventory.runId, hosts, domains, inventory.networks, &problems, &gone);
        for (const QString &g : std::as_const(gone))
            say(QStringLiteral("removed %1").arg(g));
        if (removed)
            *removed += gone;
        for (const QString &p : std::as_const(problems))
            failed(p);
        domains.clear();
        inventory.networks.clear();
    }
    for (const QString &d : std::as_const(domains)) {
        if (!virt.hasDomain(d))
            continue;
        const Libvirt::Owner owner = virt.domainOwner(d);
        if (owner.lab != labName || (!inventory.runId.isEmpty() && owner.run != inventory.runId)) {
            say(QStringLiteral("left domain %1 alone: its metadata names %2, not this lab's run")
                    .arg(d,
                         owner.lab.isEmpty() ? QStringLiteral("no labforge lab") : QStringLiteral("lab ") + owner.lab));
            continue;
        }
        if (QString e; virt.destroyDomain(d, &e)) {
            say(QStringLiteral("removed domain %1").arg(d));
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
            say(QStringLiteral("removed network %1").arg(n));
            if (removed)
                removed->append(n);
        } else {
            failed(e);
        }
    }
    int files = 0;
    for (const QString &f : std::as_const(inventory.files)) {
        if (!inventory.owns(f)) {
            say(QStringLiteral("left %1 alone: it is outside the run directory %2").arg(f, runDir));
            continue;
        }
        if (QFile::remove(f))
            ++files;
    }
    say(QStringLiteral("removed %1 run file(s) in %2").arg(files).arg(runDir));
    QDir(runDir + QStringLiteral("/ssh")).removeRecursively();
    if (ok && !inventory.remove(&why))
        failed(why);
    return ok;
}

std::unique_ptr<Transport> LabRunner::transportFor(const Lab &lab, QString *error)
{
    const QString runDir = RunnerPaths::run(lab.name, error);
    if (runDir.isEmpty())
        return nullptr;
    const QString key = runDir + QStringLiteral("/secrets/id_ed25519");
    if (!QFile::exists(key) || !QFile::exists(runDir + QStringLiteral("/known_hosts"))) {
        *error = QStringLiteral(
                     "lab %1 has not been brought up here (no SSH key or known_hosts in %2); run `labforge up` first")
                     .arg(lab.name, runDir);
        return nullptr;
    }
    QHash<QString, SshTransport::Target> targets;
    for (const Node &n : lab.nodes)
        targets.insert(n.id, SshTransport::Target {n.ip(), sshUser(n), 22});
    return std::make_unique<SshTransport>(targets, key, runDir + QStringLiteral("/known_hosts"),
                                          runDir + QStringLiteral("/ssh"), true);
}

} // namespace Labforge
