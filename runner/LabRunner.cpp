// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "LabRunner.h"

#include "AccelDecision.h"
#include "ArtifactCache.h"
#include "BootPlanner.h"
#include "BootstrapToken.h"
#include "DebianMirror.h"
#include "DomainLauncher.h"
#include "FreeNames.h"
#include "HostCommand.h"
#include "HostKeys.h"
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
#include "RunStatus.h"
#include "RunTeardown.h"
#include "RunnerPaths.h"
#include "SeedComposer.h"
#include "SeedDisk.h"
#include "SshConfig.h"
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
#include <map>
#include <memory>

namespace Labforge {

LabRunner::LabRunner(const Lab &lab, const Bundle &bundle, Options options)
    : m_lab(lab)
    , m_bundle(bundle)
    , m_options(std::move(options))
    , m_redactor(m_options.redactor ? *m_options.redactor : m_ownRedactor)
    , m_runDir(RunnerPaths::run(lab.name, &m_pathError))
    , m_inventory(m_runDir)
{ }

LabRunner::~LabRunner() = default;

void LabRunner::emitEvent(RunEvent::Type type, RunStage stage, const QString &node, const QString &message,
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

bool LabRunner::fail(Result &result, RunStage stage, const QString &message)
{
    result.ok = false;
    result.error = m_redactor.redact(message);
    emitEvent(RunEvent::Type::StageFailed, stage, {}, message);
    if (m_options.keepOnFailure) {
        emitEvent(RunEvent::Type::Log, RunStage::Teardown, {},
                  QStringLiteral("keeping what was created (--keep-on-failure); remove it with `labforge down`"));
    } else {
        cleanup();
    }
    return false;
}

void LabRunner::cleanup()
{
    emitEvent(RunEvent::Type::StageStarted, RunStage::Teardown, {}, QStringLiteral("removing what this run created"));
    QString error;
    const QStringList domains = m_inventory.domainNames();
    const QJsonObject hosts = m_inventory.plan.value(QStringLiteral("hosts")).toObject();
    if (!hosts.isEmpty()) {
        // A run across hosts: its domains, networks and volumes, each where it was made.
        QStringList problems;
        QStringList removed;
        HostRun::remove(m_lab.name, m_inventory.runId, hosts, domains, m_inventory.networks, &problems, &removed);
        for (const QString &p : std::as_const(problems))
            emitEvent(RunEvent::Type::Log, RunStage::Teardown, {}, p);
    }
    Libvirt virt(m_options.uri);
    for (auto it = domains.crbegin(); it != domains.crend() && hosts.isEmpty(); ++it) {
        if (virt.isOpen() && !virt.destroyDomain(*it, &error))
            emitEvent(RunEvent::Type::Log, RunStage::Teardown, {}, error);
    }
    for (auto it = m_inventory.networks.crbegin(); it != m_inventory.networks.crend() && hosts.isEmpty(); ++it) {
        if (virt.isOpen() && !virt.destroyNetwork(*it, &error))
            emitEvent(RunEvent::Type::Log, RunStage::Teardown, {}, error);
    }
    int files = 0;
    const QStringList kept = RunTeardown::keptDisks(m_runDir); // the user's data: kept as it was
    for (const QString &f : std::as_const(m_inventory.files)) {
        if (kept.contains(f))
            continue;
        if (m_inventory.owns(f) && (QFile::remove(f) || !QFile::exists(f)))
            ++files;
        else
            emitEvent(RunEvent::Type::Log, RunStage::Teardown, {}, QStringLiteral("%1 was not removed").arg(f));
    }
    emitEvent(RunEvent::Type::StageFinished, RunStage::Teardown, {},
              QStringLiteral("removed %1 domain(s), %2 network(s), %3 file(s)")
                  .arg(domains.size())
                  .arg(m_inventory.networks.size())
                  .arg(files));
    m_inventory.domains.clear();
    m_inventory.networks.clear();
    m_inventory.files.clear();
    if (!m_inventory.remove(&error))
        emitEvent(RunEvent::Type::Log, RunStage::Teardown, {}, error);
}

bool LabRunner::record(QString *error)
{
    return m_inventory.save(error);
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
    const QByteArray hardware = plan.hardwareTable();
    for (const BootPlan::Domain &d : plan.domains) {
        for (const BootPlan::Disk &disk : d.disks) {
            bool reused = false;
            if (disk.kind == BootPlan::Disk::Kind::Data && !reuseKeptDisk(d, disk, &reused, error))
                return false;
            if (!reused)
                QFile::remove(disk.file);
            // Recorded before it exists: a run killed while making it still names it.
            m_inventory.files.append(disk.file);
            if (disk.kind == BootPlan::Disk::Kind::Data)
                m_inventory.dataDisks.append(disk.file);
            if (!record(error))
                return false;
            if (reused)
                continue;
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
                    || !SeedComposer::compose(
                        *image, {m_secrets, passwordHash, HostKeys::path(m_runDir, d.node), hardware}, seed, error)) {
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

bool LabRunner::reuseKeptDisk(const BootPlan::Domain &d, const BootPlan::Disk &disk, bool *reused, QString *error)
{
    if (!RunTeardown::keptDiskFits(m_runDir, m_lab.name, disk.file, disk.sizeBytes, reused, error)) {
        *error = QStringLiteral("node %1: the %2 disk %3").arg(d.node, disk.serial, *error);
        return false;
    }
    if (*reused)
        emitEvent(RunEvent::Type::Notice, RunStage::Seed, d.node,
                  QStringLiteral("reusing the %1 disk kept by `labforge down --keep-disks` (%2)")
                      .arg(disk.serial, disk.file));
    return true;
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
        emitEvent(RunEvent::Type::Log, RunStage::Seed, d.node,
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
    // Nothing is allocated until the plan is confirmed, its names are free on every host and
    // no earlier run is left.
    if (!planRun(result) || !noRunLeftOver(&result.error) || !FreeNames::check(result.plan, m_lab.name, &result.error))
        return result;
    AccelDecision accel(result.plan, m_options.events);
    accel.startEarly();
    if (!buildImages(accel, &result.error))
        return result;
    decideAccel(result, accel);
    // The stages that allocate: a failure in any removes what the run made so far.
    using Stage = bool (LabRunner::*)(Result &, QString *);
    const std::pair<RunStage, Stage> stages[] = {{RunStage::Seed, &LabRunner::seed},
                                                 {RunStage::Network, &LabRunner::createNetworks},
                                                 {RunStage::Boot, &LabRunner::launchDomains},
                                                 {RunStage::Ssh, &LabRunner::waitForSsh}};
    for (const auto &[name, stage] : stages) {
        QString error;
        if (!(this->*stage)(result, &error))
            return fail(result, name, error), result;
    }
    result.ok = true;
    return result;
}

bool LabRunner::planRun(Result &result)
{
    QMap<QString, ImageBuilder::NodeImage> images;
    for (const Node &n : m_lab.nodes) {
        const QString dir = RunnerPaths::nodeImages(m_lab.name, n.id, &result.error);
        if (dir.isEmpty())
            return false;
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
        return false;
    for (const BootPlan::Domain &d : plan.domains) {
        const bool named = d.consoleLog.size() > 0
            && std::all_of(d.disks.begin(), d.disks.end(),
                           [](const BootPlan::Disk &disk) { return !disk.file.isEmpty(); });
        if (!named) {
            result.error =
                QStringLiteral("node %1: a node or disk id cannot name a file in %2/vm").arg(d.node, m_runDir);
            return false;
        }
    }
    if (m_options.confirm && !m_options.confirm(plan)) {
        result.error = QStringLiteral("not confirmed; nothing was allocated");
        return false;
    }
    return true;
}

bool LabRunner::noRunLeftOver(QString *error) const
{
    // A run that was left up (or kept after a failure) is taken down first, never overwritten.
    RunInventory previous(m_runDir);
    if (previous.load(error) && !previous.isEmpty()) {
        std::optional<RunStatus::Run> up = RunStatus::recordedRun(m_lab.name, m_options.uri);
        if (up && up->running() > 0) {
            up->busy = false; // this command holds the lab's lock
            *error = QStringLiteral("lab %1 is already up: %2. `labforge status %1` shows it, `labforge ssh %1 NODE` "
                                    "gets in, `labforge down %1` takes it down")
                         .arg(m_lab.name, RunStatus::summary(*up));
            return false;
        }
        *error = QStringLiteral("the last run of lab %1 left %2 domain(s), %3 network(s) and %4 file(s) (%5); "
                                "run `labforge down %1` first")
                     .arg(m_lab.name)
                     .arg(previous.domains.size())
                     .arg(previous.networks.size())
                     .arg(previous.files.size())
                     .arg(previous.path());
        return false;
    }
    error->clear();
    return true;
}

bool LabRunner::buildImages(AccelDecision &accel, QString *error)
{
    if (!m_options.buildImages)
        return true;
    emitEvent(RunEvent::Type::StageStarted, RunStage::Image, {}, QStringLiteral("building stale images"));
    ImageBuilder::Options io;
    io.mirror = DebianMirror::url();
    io.jobs = m_options.jobs;
    io.cancel = m_options.cancel;
    io.events = accel.startingWhenBuilt(m_options.events);
    io.redactor = &m_redactor;
    io.labName = m_lab.name;
    ImageBuilder builder(m_bundle, ArtifactCache(), io);
    QStringList nodes;
    for (const Node &n : m_lab.nodes)
        nodes.append(n.id);
    QString why;
    if (!builder.build(nodes, &why)) {
        *error = m_redactor.redact(why);
        emitEvent(RunEvent::Type::StageFailed, RunStage::Image, {}, why);
        return false;
    }
    emitEvent(RunEvent::Type::StageFinished, RunStage::Image, {}, QStringLiteral("images ready"));
    return true;
}

void LabRunner::decideAccel(Result &result, AccelDecision &accel)
{
    BootPlan &plan = result.plan;
    const bool probed = plan.accel == BootPlan::Accel::Auto;
    const AccelProbe::Result decided = accel.decide(m_options.cancel, &result.probeWaitMs);
    plan.accel = decided.accel;
    result.accelReason = decided.reason;
    if (!probed)
        emitEvent(RunEvent::Type::StageStarted, RunStage::Probe, {}, result.accelReason);
    emitEvent(RunEvent::Type::StageFinished, RunStage::Probe, {}, result.accelReason);
    emitEvent(RunEvent::Type::Notice, RunStage::Boot, {},
              QStringLiteral("accelerator %1; memory scale %2 (%3 MiB for %4 VMs)")
                  .arg(result.accelReason)
                  .arg(plan.memoryScale)
                  .arg(plan.totalMemoryMiB())
                  .arg(plan.domains.size()));
}

bool LabRunner::seed(Result &result, QString *error)
{
    BootPlan &plan = result.plan;
    m_inventory.runId = QUuid::createUuid().toString(QUuid::WithoutBraces);
    m_inventory.lab = m_lab.name;
    m_inventory.uri = plan.uri;
    m_inventory.started = QDateTime::currentDateTimeUtc();
    m_inventory.plan = QJsonObject {{QStringLiteral("accel"), BootPlan::accelName(plan.accel)},
                                    {QStringLiteral("memory_scale"), plan.memoryScale},
                                    {QStringLiteral("isolated"), plan.isolated}};
    emitEvent(RunEvent::Type::StageStarted, RunStage::Seed, {}, QStringLiteral("secrets, host keys, disks"));
    QList<SecretSlot> slots;
    for (const Bundle::NodeImage &n : m_bundle.nodes)
        slots += n.output.secretSlots;
    m_secrets = LabSecrets::obtain(m_lab.name, m_runDir + QStringLiteral("/secrets"), sharedSecretSlots(slots),
                                   m_redactor, error);
    if (!error->isEmpty())
        return false;
    for (const QString &note : std::as_const(m_secrets.notes))
        emitEvent(RunEvent::Type::Notice, RunStage::Seed, {}, note);
    return HostKeys::prepare(m_lab, m_runDir, error)
        && PrivateFile::write(SshConfig::path(m_runDir), SshConfig::text(m_lab, m_runDir, m_secrets.sshPrivateKeyFile),
                              error)
        && createFiles(plan, error) && (plan.hosts.isEmpty() || carryToHosts(plan, error));
}

bool LabRunner::createNetworks(Result &result, QString *error)
{
    const BootPlan &plan = result.plan;
    emitEvent(RunEvent::Type::StageStarted, RunStage::Network, {},
              QStringLiteral("%1 network(s)").arg(plan.networks.size()));
    if (!plan.hosts.isEmpty()) {
        // On every host with a node on each network, joined by tunnels; a failure on one host
        // removes what was made on all of them.
        QStringList made;
        const bool ok = HostNetworks(plan).create(&made, error);
        m_inventory.networks = made;
        QString why;
        if (!record(&why) && ok) {
            *error = why;
            return false;
        }
        return ok;
    }
    Libvirt virt(plan.uri);
    for (const BootPlan::Network &n : plan.networks) {
        if (m_options.cancel.isCancelled()) {
            *error = QStringLiteral("cancelled");
            return false;
        }
        if (!virt.defineAndStartNetwork(LibvirtXml::network(n), error))
            return false;
        m_inventory.networks.append(n.name);
        if (!record(error))
            return false;
    }
    return true;
}

bool LabRunner::launchDomains(Result &result, QString *error)
{
    const BootPlan &plan = result.plan;
    emitEvent(RunEvent::Type::StageStarted, RunStage::Boot, {}, QStringLiteral("%1 VM(s)").arg(plan.domains.size()));
    // All domains at once; each is in the inventory the moment it exists.
    QElapsedTimer launching;
    launching.start();
    const auto launchOn = [&](Libvirt &on, const BootPlan &part) {
        return DomainLauncher::launch(
            on, part, m_inventory.runId, m_options.cancel,
            [this](const BootPlan::Domain &d, QString *why) {
                const Node *node = m_lab.node(d.node);
                m_inventory.domains.append({d.name, d.node, d.sshHost, d.memoryMiB, d.consoleLog,
                                            QDateTime::currentDateTimeUtc(), node ? node->role : QString()});
                return record(why);
            },
            [this](const BootPlan::Domain &d) {
                emitEvent(RunEvent::Type::NodeState, RunStage::Boot, d.node,
                          QStringLiteral("booting (%1 MiB, %2 vCPU)").arg(d.memoryMiB).arg(d.vcpus), 0,
                          RunEvent::NodeState::Booting);
            });
    };
    DomainLauncher::Outcome launched;
    if (plan.hosts.isEmpty()) {
        Libvirt virt(plan.uri);
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
        emitEvent(RunEvent::Type::Notice, RunStage::Boot, {}, note);
    if (!launched.ok)
        *error = launched.error;
    return launched.ok;
}

bool LabRunner::waitForSsh(Result &result, QString *error)
{
    const BootPlan &plan = result.plan;
    const int sshTimeout = m_options.sshTimeoutSeconds > 0
        ? m_options.sshTimeoutSeconds
        : SshWaiter::defaultTimeout(plan, QThread::idealThreadCount());
    emitEvent(RunEvent::Type::StageStarted, RunStage::Ssh, {},
              QStringLiteral("waiting for SSH on every node (at most %1 s)").arg(sshTimeout));
    SshWaiter::Setup setup;
    setup.uri = plan.uri;
    for (const BootPlan::Domain &d : plan.domains) {
        setup.uriOfNode.insert(d.node, HostRun::uriOf(plan, d.host));
        setup.users.insert(d.node, SshConfig::userOf(*m_lab.node(d.node)));
    }
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
    if (!answered.ok) {
        *error = answered.error;
        return false;
    }
    emitEvent(RunEvent::Type::StageFinished, RunStage::Ssh, {},
              QStringLiteral("all %1 nodes answer SSH").arg(plan.domains.size()));
    return true;
}

bool LabRunner::down(const QString &labName, const QString &uri, const EventSink &events, QString *error,
                     QStringList *removed, RunTeardown::Options options)
{
    return RunTeardown::down(labName, uri, events, error, removed, options);
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
        targets.insert(n.id, SshTransport::Target {n.ip(), SshConfig::userOf(n), 22});
    return std::make_unique<SshTransport>(targets, key, runDir + QStringLiteral("/known_hosts"),
                                          runDir + QStringLiteral("/ssh"), true);
}

} // namespace Labforge
