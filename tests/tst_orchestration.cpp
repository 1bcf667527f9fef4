// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// LabRunner's orchestration against libvirt's in-process test driver: the XML is
// accepted (and valid against libvirt's schemas), a run creates what its plan says,
// and every failure or cancel, at every stage, leaves no domain, network or file.
#include "AccelDecision.h"
#include "AccelProbe.h"
#include "BootPlanner.h"
#include "BundleGenerator.h"
#include "DomainLauncher.h"
#include "EventPrinter.h"
#include "FeatureModules.h"
#include "HostCommand.h"
#include "HostFabric.h"
#include "HostProbe.h"
#include "HostRun.h"
#include "HostShell.h"
#include "HypervisorGroup.h"
#include "LabRunner.h"
#include "Libvirt.h"
#include "LibvirtLabActions.h"
#include "LibvirtXml.h"
#include "LocalTransport.h"
#include "PlanSummaryText.h"
#include "ReportWriter.h"
#include "RunInventory.h"
#include "RunLock.h"
#include "RunOwner.h"
#include "RunPipeline.h"
#include "RunProgress.h"
#include "RunStatus.h"
#include "RunTeardown.h"
#include "RunnerPaths.h"
#include "ShapedLabRunner.h"
#include "SshWaiter.h"
#include "TestLabs.h"
#include "Validator.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMutex>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>
#include <QtConcurrent>
#include <csignal>
#include <sys/resource.h>

using namespace Labforge;

namespace {
const QString TestUri = QStringLiteral("test:///default");

// A lab whose addresses are on this host's loopback range: the runner's SSH wait
// may knock, but nothing leaves the machine.
Lab loopbackLab()
{
    Lab lab = TestLabs::builtIn(QStringLiteral("web-lab"));
    lab.name = QStringLiteral("orchestration");
    lab.networks[0].cidr = QStringLiteral("127.77.0.0/24");
    lab.networks[0].gateway = QStringLiteral("127.77.0.1");
    lab.networks[0].dnsServers.clear();
    int i = 10;
    for (Node &n : lab.nodes)
        n.interfaces[0].ip = QStringLiteral("127.77.0.%1").arg(i++);
    return lab;
}
} // namespace

class TestOrchestration : public QObject
{
    Q_OBJECT

public:
    // The composition root: the recipe features, as app/main.cpp installs them.
    static void initMain() { Labforge::FeatureModules::install(); }

private:
    QTemporaryDir m_cache;
    // The test driver's shared state lives while one connection to it is open: hold
    // one for the whole test, so every check sees what the runner really left.
    std::unique_ptr<Libvirt> m_keepAlive;
    Lab m_lab;
    Bundle m_bundle;

    LabRunner::Options options()
    {
        LabRunner::Options o;
        o.uri = TestUri;
        o.accel = BootPlan::Accel::Tcg;
        o.buildImages = false;
        o.sshTimeoutSeconds = 4;
        o.isolated = true;
        o.memoryScale = 0.5;
        return o;
    }

    // A run of the lab left up (its SSH wait failed, as a test-driver "VM" never answers): its
    // run directory.
    QString keptRun()
    {
        LabRunner::Options o = options();
        o.keepOnFailure = true;
        if (LabRunner(m_lab, m_bundle, o).up().ok)
            return {};
        QString error;
        return RunnerPaths::run(m_lab.name, &error);
    }

    // The names a run of `lab` creates in libvirt (exact, not a prefix: a neighbour lab may share one).
    static QStringList plannedNames(const Lab &lab)
    {
        const BootPlan plan = BootPlanner::plan(lab, {}, {});
        QStringList names;
        for (const BootPlan::Domain &d : plan.domains)
            names.append(d.name);
        for (const BootPlan::Network &n : plan.networks)
            names.append(n.name);
        return names;
    }

    static QStringList present(const Lab &lab)
    {
        Libvirt virt(TestUri);
        QStringList out;
        for (const QString &name : plannedNames(lab)) {
            if (virt.hasDomain(name) || virt.hasNetwork(name))
                out.append(name);
        }
        return out;
    }

    static QStringList runFiles(const Lab &lab)
    {
        QString error;
        return QDir(RunnerPaths::run(lab.name, &error) + QStringLiteral("/vm")).entryList(QDir::Files | QDir::Hidden);
    }

    void verifyNothingLeft(const Lab &lab)
    {
        QCOMPARE(present(lab), QStringList());
        QCOMPARE(runFiles(lab), QStringList());
        QString error;
        QVERIFY(!QFile::exists(RunnerPaths::run(lab.name, &error) + QStringLiteral("/state.json")));
    }
    void verifyNothingLeft() { verifyNothingLeft(m_lab); }

    // A domain or network that is not this run's, of the given name, made behind the runner's back.
    void defineForeign(const QString &kind, const QString &name)
    {
        QString error;
        if (kind == QLatin1String("domain"))
            QVERIFY2(
                m_keepAlive->defineDomain(QStringLiteral("<domain type='test'><name>%1</name><memory>65536</memory>"
                                                         "<os><type>hvm</type></os></domain>")
                                              .arg(name)
                                              .toUtf8(),
                                          &error),
                qPrintable(error));
        else
            QVERIFY2(
                m_keepAlive->defineAndStartNetwork(
                    QStringLiteral("<network><name>%1</name><bridge name='lfforeign0'/></network>").arg(name).toUtf8(),
                    &error),
                qPrintable(error));
    }

    // The lab on two hosts of libvirt's test driver. The driver keeps one state per
    // process, so test:///default and test:///default?host=b reach one simulated hypervisor;
    // the runner still treats them as two hosts (its own connection, placement and rollback for
    // each), and the fabric's commands for them go to HostShell's transcript, not to a shell.
    Lab twoHostLab() const
    {
        Lab lab = m_lab;
        lab.hosts = {
            LabHost {QStringLiteral("a"), TestUri, QStringLiteral("127.0.0.1"), 4789, QStringLiteral("linux-bridge")},
            LabHost {QStringLiteral("b"), TestUri + QStringLiteral("?host=b"), QStringLiteral("127.0.0.2"), 4790,
                     QStringLiteral("linux-bridge")}};
        lab.nodes[0].placementHost = QStringLiteral("a");
        lab.nodes[1].placementHost = QStringLiteral("b");
        lab.nodes[2].placementHost = QStringLiteral("b");
        return lab;
    }

    // A run of the two-host lab. The test driver's node is 3 GiB with 3 MiB free and its own
    // 8 GiB "test" domain running, so no guest would fit: each simulated host is given room
    // (what it really reports otherwise, its CPUs, is kept).
    LabRunner::Result upOnTwoHosts(const Lab &lab, const LabRunner::Options &o)
    {
        ShapedLabRunner runner(lab, m_bundle, o);
        runner.hostCapacities = [](const QList<LabHost> &hosts) {
            QList<HostPlacement::Capacity> capacities = HostProbe::probe(hosts);
            for (HostPlacement::Capacity &c : capacities) {
                c.memoryMiB = c.availableMiB = 8192;
                c.runningDomainsMiB = 0;
            }
            return capacities;
        };
        return runner.up();
    }

    // The plan a run of `lab` makes (after placement on its hosts), not confirmed: nothing made.
    BootPlan confirmedPlan(const Lab &lab)
    {
        BootPlan plan;
        LabRunner::Options o = options();
        o.confirm = [&plan](const BootPlan &p) {
            plan = p;
            return false;
        };
        upOnTwoHosts(lab, o);
        return plan;
    }

    // The plan's domains and networks that exist.
    QStringList presentOf(const BootPlan &plan) const
    {
        QStringList out;
        for (const BootPlan::Domain &d : plan.domains) {
            if (m_keepAlive->hasDomain(d.name))
                out.append(d.name);
        }
        for (const BootPlan::Network &n : plan.networks) {
            if (m_keepAlive->hasNetwork(n.name))
                out.append(n.name);
        }
        return out;
    }

    static QStringList transcriptFor(const QString &uri)
    {
        QStringList lines;
        for (const QString &line : HostShell::transcript()) {
            if (line.startsWith(uri + QStringLiteral(": ")))
                lines.append(line.mid(uri.size() + 2));
        }
        return lines;
    }

private Q_SLOTS:
    // The run directory opens to the group libvirt runs QEMU in: qemu.conf's last `group`
    // setting (a name or +ID), comments and commented-out settings ignored.
    // A host that does not answer is never read as an empty host: libvirt's list calls
    // return -1, and labforge says why instead of listing nothing.
    void aListThatFailsIsAnErrorNotAnEmptyList()
    {
        QString error;
        const Libvirt working(QStringLiteral("test:///default"));
        QCOMPARE(working.domains(QString(), &error), std::optional<QStringList>(QStringList {QStringLiteral("test")}));
        QCOMPARE(working.networks(QString(), &error),
                 std::optional<QStringList>(QStringList {QStringLiteral("default")}));
        const Libvirt broken(QStringLiteral("test:///labforge/no/such/driver-file.xml"));
        QVERIFY(!broken.isOpen());
        QCOMPARE(broken.domains(QString(), &error), std::nullopt);
        QVERIFY2(error.startsWith(QStringLiteral("cannot list the domains at test:///labforge/")), qPrintable(error));
        error.clear();
        QCOMPARE(broken.domainsOfLab(QStringLiteral("lab"), &error), std::nullopt);
        QVERIFY(!error.isEmpty());
        QCOMPARE(broken.networks(QString(), &error), std::nullopt);
        QVERIFY2(error.startsWith(QStringLiteral("cannot list the networks")), qPrintable(error));
        Libvirt::Resources resources;
        QVERIFY(!broken.resources(&resources, &error));
    }

    void theHypervisorGroupIsReadFromQemuConf()
    {
        QCOMPARE(HypervisorGroup::configured("#group = \"kvm\"\nuser = \"x\"\n"), QString());
        QCOMPARE(HypervisorGroup::configured("group = \"kvm\" # the group\n  group=\"+64055\"\n"),
                 QStringLiteral("+64055"));
        QTemporaryDir dir;
        QFile conf(dir.filePath(QStringLiteral("qemu.conf")));
        QVERIFY(conf.open(QIODevice::WriteOnly) && conf.write("group = \"root\"\n") > 0);
        conf.close();
        QCOMPARE(HypervisorGroup::id(conf.fileName()), std::nullopt); // QEMU as root: 0700 is enough
        QVERIFY(conf.open(QIODevice::WriteOnly) && conf.write("group = \"+4242\"\n") > 0);
        conf.close();
        QCOMPARE(HypervisorGroup::id(conf.fileName()), std::optional<unsigned>(4242));
    }

    void initTestCase()
    {
        m_keepAlive = std::make_unique<Libvirt>(TestUri);
        QVERIFY(m_keepAlive->isOpen());
        qputenv("LABFORGE_CACHE_DIR", m_cache.path().toUtf8());
        qputenv("LABFORGE_OPS_PASSWORD", "orchestration-test-password");
        m_lab = loopbackLab();
        m_bundle = BundleGenerator::generate(m_lab);
        // Stand-in cached images: real (empty) qcow2 files, so the copy-on-write overlays are real.
        for (const Node &n : m_lab.nodes) {
            QString error;
            const QString dir = RunnerPaths::nodeImages(m_lab.name, n.id, &error);
            QVERIFY(QDir().mkpath(dir));
            const auto r =
                HostCommand(QStringLiteral("qemu-img"),
                            {QStringLiteral("create"), QStringLiteral("-q"), QStringLiteral("-f"),
                             QStringLiteral("qcow2"), dir + QStringLiteral("/disk.qcow2"), QStringLiteral("64M")})
                    .run();
            QVERIFY2(r.ok(), qPrintable(r.describe(QStringLiteral("qemu-img"))));
        }
    }

    void planFollowsTheLab()
    {
        Lab lab = TestLabs::builtIn(QStringLiteral("slurm-hpc"));
        BootPlanner::Options o;
        o.memoryScale = 0.25;
        o.runDirectory = QStringLiteral("/run/x");
        const BootPlan plan = BootPlanner::plan(lab, {}, o);
        QCOMPARE(plan.domains.size(), 6);
        QCOMPARE(plan.totalMemoryMiB(), 6 * 1024);
        QCOMPARE(plan.totalVcpus(), 7);
        const BootPlan::Domain &storage = plan.domains.at(4);
        QCOMPARE(storage.node, QStringLiteral("storage"));
        QCOMPARE(storage.disks.size(), 3);
        QCOMPARE(storage.disks.at(1).serial, QStringLiteral("OPENFACTORY_HPC_DATA"));
        QCOMPARE(storage.disks.at(1).target, QStringLiteral("vdb"));
        QCOMPARE(storage.disks.at(1).sizeBytes, qint64(20) * 1024 * 1024 * 1024);
        QCOMPARE(storage.disks.at(2).serial, QStringLiteral("LABFORGE_SEED"));
        QVERIFY(storage.disks.at(2).readOnly);
        QVERIFY(plan.networks.first().nat); // the default-route network gets NAT…
        o.isolated = true;
        QVERIFY(!BootPlanner::plan(lab, {}, o).networks.first().nat); // …unless isolated
        QVERIFY(plan.networks.first().bridge.size() <= 15);
        // The designer plans before images exist: root and seed disks are still not data disks.
        const QString summary = PlanSummaryText::text(lab, plan, QStringLiteral("--memory-scale"));
        QVERIFY2(summary.contains(QStringLiteral("6 system disk(s)"))
                     && summary.contains(QStringLiteral("1 data disk(s) of 20 GiB")),
                 qPrintable(summary));
        QCOMPARE(plan.networks.first().netmask, QStringLiteral("255.255.255.0"));
    }

    void xmlIsValidForLibvirt()
    {
        if (!HostCommand::exists(QStringLiteral("virt-xml-validate")))
            QSKIP("virt-xml-validate is not installed");
        BootPlanner::Options o;
        o.runDirectory = m_cache.path();
        const Lab lab = TestLabs::builtIn(QStringLiteral("slurm-hpc"));
        QMap<QString, ImageBuilder::NodeImage> images;
        for (const Node &n : lab.nodes)
            images.insert(n.id,
                          ImageBuilder::NodeImage {QStringLiteral("/images/%1/disk.qcow2").arg(n.id),
                                                   QStringLiteral("/images/%1/vmlinuz").arg(n.id),
                                                   QStringLiteral("/images/%1/initrd.img").arg(n.id),
                                                   {},
                                                   false});
        const BootPlan plan = BootPlanner::plan(lab, images, o);
        QTemporaryDir dir;
        int checked = 0;
        auto validate = [&](const QByteArray &xml, const QString &kind) {
            const QString path = dir.filePath(QStringLiteral("x%1.xml").arg(checked++));
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(xml);
            f.close();
            const auto r = HostCommand(QStringLiteral("virt-xml-validate"), {path, kind}).run();
            QVERIFY2(r.ok(),
                     qPrintable(r.describe(QStringLiteral("virt-xml-validate")) + QStringLiteral("\n")
                                + QString::fromUtf8(xml)));
        };
        for (const BootPlan::Domain &d : plan.domains) {
            validate(LibvirtXml::domain(d, BootPlan::Accel::Tcg, plan.labName, QStringLiteral("run-1")),
                     QStringLiteral("domain"));
            validate(LibvirtXml::domain(d, BootPlan::Accel::Kvm, plan.labName, QStringLiteral("run-1")),
                     QStringLiteral("domain"));
        }
        for (const BootPlan::Network &n : plan.networks)
            validate(LibvirtXml::network(n), QStringLiteral("network"));
        const QByteArray storage =
            LibvirtXml::domain(plan.domains.at(4), BootPlan::Accel::Tcg, plan.labName, QStringLiteral("run-1"));
        QVERIFY(storage.contains("<serial>OPENFACTORY_HPC_DATA</serial>"));
        QVERIFY(storage.contains("<tb-cache unit=\"MiB\">256</tb-cache>"));
        // An emulated CPU offers no SVM (the guest would load kvm_amd for nothing); with KVM the
        // host's CPU passes through as it is.
        QVERIFY(storage.contains("<feature policy=\"disable\" name=\"svm\"/>"));
        QVERIFY(!LibvirtXml::domain(plan.domains.at(4), BootPlan::Accel::Kvm, plan.labName, QStringLiteral("run-1"))
                     .contains("svm"));
        // Drivers for hardware a lab VM does not use stay unloaded (wireless: systemd-networkd's
        // nl80211 query loaded cfg80211 on every node); the root disk's are never refused.
        const QStringList blacklisted = plan.domains.at(4)
                                            .cmdline.section(QStringLiteral("modprobe.blacklist="), 1)
                                            .section(QLatin1Char(' '), 0, 0)
                                            .split(QLatin1Char(','));
        for (const char *module : {"cfg80211", "psmouse", "ata_piix", "floppy"})
            QVERIFY2(blacklisted.contains(QLatin1String(module)), module);
        for (const char *module : {"virtio_blk", "virtio_net", "ext4", "ahci", "virtio_scsi", "sd_mod", "button"})
            QVERIFY2(!blacklisted.contains(QLatin1String(module)), module);
        // The kernel's crypto self-tests are skipped only on an emulated CPU.
        QVERIFY(storage.contains(" cryptomgr.notests</cmdline>"));
        QVERIFY(!LibvirtXml::domain(plan.domains.at(4), BootPlan::Accel::Kvm, plan.labName, QStringLiteral("run-1"))
                     .contains("cryptomgr"));
        // Address space layout randomization is off only in emulated guests of a QEMU that
        // translates per virtual address (before 10.0); an unknown version keeps it.
        const auto xmlWith = [&](BootPlan::Accel accel, quint64 qemu) {
            return LibvirtXml::domain(plan.domains.at(4), accel, plan.labName, QStringLiteral("run-1"), {qemu, 0});
        };
        QVERIFY(xmlWith(BootPlan::Accel::Tcg, 7002022).contains(" cryptomgr.notests norandmaps</cmdline>"));
        QVERIFY(xmlWith(BootPlan::Accel::Tcg, 9002004).contains(" norandmaps</cmdline>"));
        QVERIFY(!xmlWith(BootPlan::Accel::Tcg, 10000000).contains("norandmaps"));
        QVERIFY(!xmlWith(BootPlan::Accel::Tcg, 0).contains("norandmaps"));
        QVERIFY(!xmlWith(BootPlan::Accel::Kvm, 7002022).contains("norandmaps"));
        // libvirt reads an emulated guest's CPU the short way (cpu-unavailable-features removed
        // for the domain) where it can be told to: QEMU's driver and libvirt 5.5 or later.
        const auto withLibvirt = [&](BootPlan::Accel accel, quint64 qemu, quint64 libvirt) {
            return LibvirtXml::domain(plan.domains.at(4), accel, plan.labName, QStringLiteral("run-1"),
                                      {qemu, libvirt});
        };
        const QByteArray shortRead = withLibvirt(BootPlan::Accel::Tcg, 7002022, 9000000);
        QVERIFY2(shortRead.contains("<domain type=\"qemu\" xmlns:qemu=\"http://libvirt.org/schemas/domain/qemu/1.0\">"),
                 shortRead.constData());
        QVERIFY2(shortRead.simplified().replace(' ', "").endsWith(
                     "<qemu:capabilities><qemu:delcapability=\"cpu-unavailable-features\"/></qemu:capabilities>"
                     "</domain>"),
                 shortRead.constData());
        validate(shortRead, QStringLiteral("domain"));
        QVERIFY(withLibvirt(BootPlan::Accel::Tcg, 10000000, 5005000).contains("cpu-unavailable-features"));
        QVERIFY(!withLibvirt(BootPlan::Accel::Tcg, 7002022, 5004000).contains("qemu:"));
        QVERIFY(!withLibvirt(BootPlan::Accel::Tcg, 0, 9000000).contains("qemu:"));
        QVERIFY(!withLibvirt(BootPlan::Accel::Kvm, 7002022, 9000000).contains("qemu:"));
        QVERIFY(storage.contains("<rng model=\"virtio\">"));
        QVERIFY(storage.contains("lab=\"slurm-hpc\" node=\"storage\" run=\"run-1\""));
    }

    void xmlCannotBeShapedByNames()
    {
        // The library API takes any plan: a name that tries to close an element stays text.
        BootPlan::Domain d;
        d.name = QStringLiteral("x</name><devices><disk type='file'><source file='/etc/shadow'/>");
        d.node = QStringLiteral("n'\"<&");
        d.consoleLog = QStringLiteral("/tmp/a'/><x");
        BootPlan::Network n;
        n.name = QStringLiteral("net'/><forward mode='nat'/>");
        n.bridge = QStringLiteral("lf0");
        QXmlStreamReader domain(
            LibvirtXml::domain(d, BootPlan::Accel::Tcg, QStringLiteral("lab\"x"), QStringLiteral("r")));
        QStringList sources;
        QString name;
        while (!domain.atEnd()) {
            if (domain.readNext() == QXmlStreamReader::StartElement) {
                if (domain.name() == QLatin1String("source"))
                    sources.append(domain.attributes().value(QLatin1String("file")).toString());
                if (domain.name() == QLatin1String("name"))
                    name = domain.readElementText();
            }
        }
        QVERIFY2(!domain.hasError(), qPrintable(domain.errorString()));
        QCOMPARE(name, d.name);
        QCOMPARE(sources, QStringList()); // no disk was smuggled in
        QXmlStreamReader network(LibvirtXml::network(n));
        int forwards = 0;
        while (!network.atEnd()) {
            if (network.readNext() == QXmlStreamReader::StartElement && network.name() == QLatin1String("forward"))
                ++forwards;
        }
        QVERIFY(!network.hasError());
        QCOMPARE(forwards, 0);
    }

    void aNodeThatNeverAnswersSshIsCleanedUp()
    {
        QStringList stages;
        RunProgress progress; // the designer's progress bars, fed by the real event stream
        progress.begin(m_lab, true, false);
        LabRunner::Options o = options();
        o.events = [&](const RunEvent &e) {
            if (e.type == RunEvent::Type::StageStarted)
                stages.append(stageName(e.stage));
            progress.apply(e);
        };
        LabRunner runner(m_lab, m_bundle, o);
        const auto result = runner.up();
        progress.finish(result.ok);
        QVERIFY(!result.ok);
        QCOMPARE(progress.stage(RunStage::Base)->state, RunProgress::State::Pending); // images skipped
        for (const char *done : {"probe", "seed", "network", "boot", "teardown"})
            QCOMPARE(progress.stage(stageFromName(QString::fromLatin1(done)))->state, RunProgress::State::Done);
        QCOMPARE(progress.stage(RunStage::Boot)->progress, 1.0);
        QCOMPARE(progress.stage(RunStage::Ssh)->state, RunProgress::State::Failed);
        QVERIFY(progress.stage(RunStage::Ssh)->message.contains(QStringLiteral("did not answer SSH")));
        for (const auto &n : progress.nodes())
            QCOMPARE(n.state, QStringLiteral("failed"));
        QVERIFY2(result.error.contains(QStringLiteral("did not answer SSH within 4 s")), qPrintable(result.error));
        QVERIFY(result.error.contains(QStringLiteral("Console log: ")));
        QCOMPARE(stages,
                 (QStringList {QStringLiteral("probe"), QStringLiteral("seed"), QStringLiteral("network"),
                               QStringLiteral("boot"), QStringLiteral("ssh"), QStringLiteral("teardown")}));
        verifyNothingLeft();
        QVERIFY(!result.error.contains(QStringLiteral("orchestration-test-password")));
    }

    // A boot that fails is reported: the report says why, draws the timeline of what ran
    // (stages, each node's boot until it failed) and keeps the failed nodes' last console
    // lines, read before the run removed its files.
    void aFailedBootIsReportedWithItsTimelineAndConsoles()
    {
        const BootPlan plan = BootPlanner::plan(m_lab, {}, {});
        QTemporaryDir reports;
        RunPipeline::Options o;
        o.runner = options();
        o.reportDirectory = reports.filePath(QStringLiteral("failed"));
        QString consoleLog;
        o.runner.events = [&](const RunEvent &e) {
            if (e.type == RunEvent::Type::StageStarted && e.stage == RunStage::Ssh) {
                QString error;
                consoleLog = RunnerPaths::run(m_lab.name, &error) + QStringLiteral("/vm/")
                    + QFileInfo(plan.domains.first().consoleLog).fileName();
                QFile console(consoleLog);
                if (console.open(QIODevice::Append))
                    console.write("[  1.234] systemd[1]: Failed to start ssh.service\n");
            }
        };
        const RunPipeline::Result result = RunPipeline(m_lab, PinsLock::builtIn(), o).run();
        QVERIFY(!result.ok);
        QCOMPARE(result.exitCode, 1);
        QVERIFY(!result.ranScenarios);
        QCOMPARE(result.reportDirectory, o.reportDirectory);
        QString error;
        const auto report = ReportWriter::read(result.reportDirectory, &error);
        QVERIFY2(report, qPrintable(error));
        QCOMPARE(report->exitCode(), 1);
        QVERIFY2(report->bootError.contains(QStringLiteral("did not answer SSH")), qPrintable(report->bootError));
        const QString first = plan.domains.first().node;
        QVERIFY2(report->consoles.value(first).contains(QStringLiteral("Failed to start ssh.service")),
                 qPrintable(consoleLog));
        QCOMPARE(report->consoles.size(), m_lab.nodes.size());
        QStringList stages, booted;
        for (const RunTimeline::Span &span : report->timeline) {
            QVERIFY(span.start.isValid());
            if (span.node.isEmpty())
                stages.append(stageName(span.stage));
            else if (span.what == QLatin1String("booting")) {
                QVERIFY2(span.failed && span.end >= span.start, qPrintable(span.node));
                booted.append(span.node);
            }
        }
        QVERIFY2(stages.contains(QStringLiteral("boot")) && stages.contains(QStringLiteral("ssh")),
                 qPrintable(stages.join(u' ')));
        // A stage that announces only its start ends when the next one starts.
        QDateTime bootEnd, sshStart;
        for (const RunTimeline::Span &span : report->timeline) {
            if (span.node.isEmpty() && span.stage == RunStage::Boot)
                bootEnd = span.end;
            if (span.node.isEmpty() && span.stage == RunStage::Ssh)
                sshStart = span.start;
        }
        QVERIFY(bootEnd.isValid() && bootEnd == sshStart);
        QCOMPARE(booted.size(), m_lab.nodes.size());
        QFile html(result.reportDirectory + QStringLiteral("/report.html"));
        QVERIFY(html.open(QIODevice::ReadOnly));
        const QByteArray page = html.readAll();
        QVERIFY(page.contains("BOOT FAILED"));
        QVERIFY(page.contains("class='timeline'"));
        QVERIFY(page.contains("Failed to start ssh.service"));
        verifyNothingLeft();
    }

    // Real faults: libvirt refuses a name another object already has (made behind the
    // runner's back after its checks), the file system refuses to grow a file
    // (RLIMIT_FSIZE), a VM is powered off from outside while the run waits for it. Each
    // run fails with the real message, removes exactly what it made, and leaves the
    // other object alone.
    void aNameTakenBehindTheRunnersBackFailsTheRun_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::newRow("domain") << QStringLiteral("domain");
        QTest::newRow("network") << QStringLiteral("network");
    }
    void aNameTakenBehindTheRunnersBackFailsTheRun()
    {
        QFETCH(QString, kind);
        const BootPlan plan = BootPlanner::plan(m_lab, {}, {});
        const QString foreign = kind == QLatin1String("domain") ? plan.domains.at(1).name : plan.networks.at(0).name;
        LabRunner::Options o = options();
        o.events = [&](const RunEvent &e) {
            if (e.type == RunEvent::Type::StageStarted && e.stage == RunStage::Seed)
                defineForeign(kind, foreign);
        };
        const auto result = LabRunner(m_lab, m_bundle, o).up();
        QVERIFY(!result.ok);
        QVERIFY2(result.error.contains(QStringLiteral("already exists")), qPrintable(result.error));
        QCOMPARE(present(m_lab), QStringList {foreign}); // ours removed, the other one kept
        QCOMPARE(runFiles(m_lab), QStringList());
        QString error;
        QVERIFY(kind == QLatin1String("domain") ? m_keepAlive->destroyDomain(foreign, &error)
                                                : m_keepAlive->destroyNetwork(foreign, &error));
        verifyNothingLeft();
    }

    void whatExistsBeforeTheRunIsRefusedUntouched()
    {
        const QString foreign = BootPlanner::plan(m_lab, {}, {}).domains.at(0).name;
        defineForeign(QStringLiteral("domain"), foreign);
        const auto result = LabRunner(m_lab, m_bundle, options()).up();
        QVERIFY(!result.ok);
        QVERIFY2(result.error.contains(QStringLiteral("not made by labforge")) && result.error.contains(foreign),
                 qPrintable(result.error));
        QCOMPARE(present(m_lab), QStringList {foreign});
        QString error;
        QVERIFY(m_keepAlive->destroyDomain(foreign, &error));
    }

    void aFileSystemThatWillNotGrowFailsTheRun()
    {
        // The seed disks are 16 MiB files: with RLIMIT_FSIZE at 1 MiB the kernel refuses them
        // (EFBIG), as it would on a full or quota-limited file system.
        struct rlimit before
        {
        };
        QCOMPARE(getrlimit(RLIMIT_FSIZE, &before), 0);
        const auto oldHandler = signal(SIGXFSZ, SIG_IGN);
        struct rlimit small = before;
        small.rlim_cur = rlim_t(1024) * 1024;
        QCOMPARE(setrlimit(RLIMIT_FSIZE, &small), 0);
        const auto result = LabRunner(m_lab, m_bundle, options()).up();
        setrlimit(RLIMIT_FSIZE, &before);
        signal(SIGXFSZ, oldHandler);
        QVERIFY(!result.ok);
        QVERIFY2(result.error.contains(QStringLiteral("File too large")), qPrintable(result.error));
        verifyNothingLeft();
    }

    void aVmPoweredOffFromOutsideFailsTheRun()
    {
        const QString victim = BootPlanner::plan(m_lab, {}, {}).domains.at(2).name;
        LabRunner::Options o = options();
        o.sshTimeoutSeconds = 60;
        o.events = [&](const RunEvent &e) {
            if (e.type == RunEvent::Type::StageStarted && e.stage == RunStage::Ssh) {
                QString error;
                QVERIFY2(m_keepAlive->stopDomain(victim, &error), qPrintable(error));
            }
        };
        const auto result = LabRunner(m_lab, m_bundle, o).up();
        QVERIFY(!result.ok);
        QVERIFY2(result.error.contains(QStringLiteral("node %1 did not answer SSH").arg(m_lab.nodes.at(2).id))
                     && result.error.contains(QStringLiteral("the VM stopped")),
                 qPrintable(result.error));
        verifyNothingLeft();
    }

    void cancelAtEachStageLeavesNothing_data()
    {
        QTest::addColumn<QString>("stage");
        for (const char *s : {"seed", "network", "boot", "ssh"})
            QTest::newRow(s) << QString::fromLatin1(s);
    }
    void cancelAtEachStageLeavesNothing()
    {
        QFETCH(QString, stage);
        LabRunner::Options o = options();
        o.sshTimeoutSeconds = 60;
        o.events = [&](const RunEvent &e) {
            if (e.type == RunEvent::Type::StageStarted && stageName(e.stage) == stage)
                o.cancel.cancel();
        };
        LabRunner runner(m_lab, m_bundle, o);
        const auto result = runner.up();
        QVERIFY(!result.ok);
        verifyNothingLeft();
    }

    void rerunAfterAFaultGetsAsFar()
    {
        // After a fault, the same run goes through the stages again (here to the SSH wait, which a
        // test-driver "VM" cannot pass): nothing left over blocks it.
        const QString foreign = BootPlanner::plan(m_lab, {}, {}).domains.at(1).name;
        LabRunner::Options faulty = options();
        faulty.events = [&](const RunEvent &e) {
            if (e.type == RunEvent::Type::StageStarted && e.stage == RunStage::Seed)
                defineForeign(QStringLiteral("domain"), foreign);
        };
        QVERIFY(!LabRunner(m_lab, m_bundle, faulty).up().ok);
        QString error;
        QVERIFY(m_keepAlive->destroyDomain(foreign, &error));
        QStringList stages;
        LabRunner::Options again = options();
        again.events = [&](const RunEvent &e) {
            if (e.type == RunEvent::Type::StageStarted)
                stages.append(stageName(e.stage));
        };
        const auto result = LabRunner(m_lab, m_bundle, again).up();
        QVERIFY(stages.contains(QStringLiteral("ssh")));
        QVERIFY(result.error.contains(QStringLiteral("did not answer SSH")));
        verifyNothingLeft();
    }

    void aSecondRunOfTheSameLabIsRefused()
    {
        RunLock holder(m_lab.name);
        QString error;
        QVERIFY(holder.acquire(&error));
        const auto result = LabRunner(m_lab, m_bundle, options()).up();
        QVERIFY(!result.ok);
        QVERIFY2(result.error.contains(QStringLiteral("is already being run by"))
                     && result.error.contains(QString::number(QCoreApplication::applicationPid())),
                 qPrintable(result.error));
        verifyNothingLeft();
        holder.release();
        QVERIFY(LabRunner(m_lab, m_bundle, options())
                    .up()
                    .error.contains(QStringLiteral("did not answer SSH"))); // free again
    }

    void downRemovesWhatARunLeft()
    {
        LabRunner::Options o = options();
        o.keepOnFailure = true;
        QVERIFY(!LabRunner(m_lab, m_bundle, o).up().ok);
        QCOMPARE(present(m_lab).size(), 4);
        QString error;
        QStringList removed;
        QVERIFY2(LabRunner::down(m_lab.name, TestUri, {}, &error, &removed), qPrintable(error));
        QCOMPARE(removed.size(), 4);
        verifyNothingLeft();
    }

    // A power_cycle step acts only on the run's own VM, found through the run's inventory: the
    // test driver's VM really stops and starts again; the same boot id afterwards (here the
    // host's, through the local transport) fails the step instead of passing it. An inventory
    // that names a domain the run did not make is refused, and that domain left running.
    void powerCycleActsOnlyOnTheRunsOwnVm()
    {
        const QString runDir = keptRun();
        QVERIFY(!runDir.isEmpty());
        QString error;
        RunInventory inventory(runDir);
        QVERIFY2(inventory.load(&error), qPrintable(error));
        const auto web = std::find_if(inventory.domains.begin(), inventory.domains.end(),
                                      [](const RunInventory::Domain &d) { return d.node == QLatin1String("web"); });
        QVERIFY(web != inventory.domains.end());
        const QString webDomain = web->name;
        LocalTransport local;
        LibvirtLabActions actions(runDir, local);
        const LabActions::Result same = actions.powerCycle(QStringLiteral("web"), 30000, {});
        QVERIFY(!same.ok);
        QVERIFY2(same.message.contains(QStringLiteral("same boot id")), qPrintable(same.message));
        QVERIFY2(same.output.contains(QStringLiteral("powered off at")), qPrintable(same.output));
        Libvirt virt(TestUri);
        QVERIFY(virt.isDomainRunning(webDomain));

        QVERIFY(virt.isDomainRunning(QStringLiteral("test"))); // the test driver's own domain
        web->name = QStringLiteral("test");
        QVERIFY(inventory.save(&error));
        const LabActions::Result foreign = actions.powerCycle(QStringLiteral("web"), 30000, {});
        QVERIFY(!foreign.ok);
        QVERIFY2(foreign.message.contains(QStringLiteral("is not this run's VM")), qPrintable(foreign.message));
        QVERIFY(virt.isDomainRunning(QStringLiteral("test")));
        web->name = webDomain;
        QVERIFY(inventory.save(&error));
        QVERIFY2(LabRunner::down(m_lab.name, TestUri, {}, &error), qPrintable(error));
        verifyNothingLeft();
    }

    // A cached probe answer is used only for the same kernel, QEMU and /dev/kvm: otherwise
    // the probe runs again (here it fails at once: the kernel does not exist).
    // The SSH wait a user gets without --ssh-timeout: enough for emulated guests that share
    // the host's cores (six TCG guests on two cores answered after 935 s here), 900 s otherwise.
    void sshWaitGrowsWithEmulatedGuestsPerCore()
    {
        BootPlan plan;
        plan.accel = BootPlan::Accel::Kvm;
        plan.domains.resize(6);
        QCOMPARE(SshWaiter::defaultTimeout(plan, 2), 900);
        plan.accel = BootPlan::Accel::Tcg;
        QCOMPARE(SshWaiter::defaultTimeout(plan, 2), 1440);
        QCOMPARE(SshWaiter::defaultTimeout(plan, 0), 2880); // an unknown core count counts as one
        QCOMPARE(SshWaiter::defaultTimeout(plan, 16), 900);
        plan.domains.resize(5);
        QCOMPARE(SshWaiter::defaultTimeout(plan, 2), 1440); // three guests share one core
        plan.domains.resize(2);
        QCOMPARE(SshWaiter::defaultTimeout(plan, 2), 900);
    }

    void accelProbeAnswerIsReusedOnlyOnTheSameHost()
    {
        QTemporaryDir dir;
        const QString cache = dir.filePath(QStringLiteral("accel-probe.json"));
        auto writeCache = [&](const QString &host) {
            QFile f(cache);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QJsonDocument(QJsonObject {{QStringLiteral("host"), host},
                                               {QStringLiteral("accel"), QStringLiteral("tcg")},
                                               {QStringLiteral("reason"), QStringLiteral("TCG: cached finding")},
                                               {QStringLiteral("probed"), QStringLiteral("2026-11-30T00:00:00Z")}})
                        .toJson());
        };
        const QString missing = dir.filePath(QStringLiteral("no-such-kernel"));
        writeCache(AccelProbe::hostKey());
        const AccelProbe::Result cached = AccelProbe::probeCached(missing, missing, 5000, {}, cache);
        QCOMPARE(cached.accel, BootPlan::Accel::Tcg);
        QVERIFY2(cached.reason.startsWith(QStringLiteral("TCG: cached finding (probed 2026-11-30T00:00:00Z")),
                 qPrintable(cached.reason));
        writeCache(QStringLiteral("kernel=another"));
        const AccelProbe::Result fresh = AccelProbe::probeCached(missing, missing, 5000, {}, cache);
        QVERIFY2(!fresh.reason.contains(QStringLiteral("cached finding")), qPrintable(fresh.reason));
    }

    // The probe boots the first node's kernel: it cannot start before the image build made it,
    // and starts as soon as it is there (at the image build's "node built"), once, from
    // whichever thread; the decision is the probe's.
    void accelProbeStartsOnceTheFirstKernelIsThere()
    {
        QTemporaryDir dir;
        const QString cache = RunnerPaths::accelProbeCache();
        QFile::remove(cache);
        {
            QFile f(cache);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QJsonDocument(QJsonObject {{QStringLiteral("host"), AccelProbe::hostKey()},
                                               {QStringLiteral("accel"), QStringLiteral("tcg")},
                                               {QStringLiteral("reason"), QStringLiteral("TCG: cached finding")},
                                               {QStringLiteral("probed"), QStringLiteral("2026-11-30T00:00:00Z")}})
                        .toJson());
        }
        const auto cleanup = qScopeGuard([&] { QFile::remove(cache); });
        BootPlan plan;
        plan.accel = BootPlan::Accel::Auto;
        plan.domains.resize(2);
        plan.domains[0].kernel = dir.filePath(QStringLiteral("vmlinuz"));
        plan.domains[0].initrd = dir.filePath(QStringLiteral("initrd.img"));
        QMutex mutex;
        int started = 0;
        AccelDecision accel(plan, [&](const RunEvent &e) {
            QMutexLocker lock(&mutex);
            if (e.type == RunEvent::Type::StageStarted && e.stage == RunStage::Probe)
                ++started;
        });
        // What the image build says, as it says it (from its threads).
        const EventSink build = accel.startingWhenBuilt({});
        RunEvent built;
        built.type = RunEvent::Type::NodeState;
        built.nodeState = RunEvent::NodeState::Built;
        RunEvent step = built;
        step.type = RunEvent::Type::Log;
        accel.startEarly();
        build(built);
        QCOMPARE(started, 0); // no kernel yet
        for (const QString &f : {plan.domains[0].kernel, plan.domains[0].initrd}) {
            QFile file(f);
            QVERIFY(file.open(QIODevice::WriteOnly));
        }
        build(step);
        QCOMPARE(started, 0); // not a node built
        QList<QFuture<void>> calls;
        for (int i = 0; i < 4; ++i)
            calls.append(QtConcurrent::run([&build, &built] { build(built); }));
        for (QFuture<void> &c : calls)
            c.waitForFinished();
        QCOMPARE(started, 1);
        qint64 waited = -1;
        const AccelProbe::Result decided = accel.decide({}, &waited);
        QCOMPARE(started, 1); // decide() used the probe already started
        QCOMPARE(decided.accel, BootPlan::Accel::Tcg);
        QVERIFY2(decided.reason.startsWith(QStringLiteral("TCG: cached finding")), qPrintable(decided.reason));
    }

    void downLeavesANeighbourLabAlone()
    {
        // "orchestration-lab"'s names all start with "labforge-orchestration-": a prefix would take them.
        Lab neighbour = m_lab;
        neighbour.name = m_lab.name + QStringLiteral("-lab");
        const Bundle neighbourBundle = BundleGenerator::generate(neighbour);
        for (const Node &n : neighbour.nodes) {
            QString error;
            const QString dir = RunnerPaths::nodeImages(neighbour.name, n.id, &error);
            QVERIFY(QDir().mkpath(dir));
            QVERIFY(QFile::copy(RunnerPaths::nodeImages(m_lab.name, n.id, &error) + QStringLiteral("/disk.qcow2"),
                                dir + QStringLiteral("/disk.qcow2")));
        }
        // The neighbour runs on its own network range.
        neighbour.networks[0].name = QStringLiteral("web-net2");
        for (Node &n : neighbour.nodes)
            n.interfaces[0].network = QStringLiteral("web-net2");
        LabRunner::Options o = options();
        o.keepOnFailure = true;
        QVERIFY(!LabRunner(neighbour, neighbourBundle, o).up().ok);
        QVERIFY(!LabRunner(m_lab, m_bundle, o).up().ok);
        const QStringList neighbourFiles = runFiles(neighbour);
        QCOMPARE(present(neighbour).size(), 4);
        QVERIFY(!neighbourFiles.isEmpty());
        QString error;
        QVERIFY2(LabRunner::down(m_lab.name, TestUri, {}, &error), qPrintable(error));
        verifyNothingLeft();
        QCOMPARE(present(neighbour).size(), 4); // untouched
        QCOMPARE(runFiles(neighbour), neighbourFiles);
        // Without an inventory, only domains whose metadata names the lab exactly are taken; the
        // neighbour's unrecorded network, named with this lab's prefix, stays while its VMs use it.
        QVERIFY(QFile::remove(RunnerPaths::run(neighbour.name, &error) + QStringLiteral("/state.json")));
        QStringList said;
        QVERIFY2(LabRunner::down(
                     m_lab.name, TestUri, [&](const RunEvent &e) { said.append(e.message); }, &error),
                 qPrintable(error));
        QCOMPARE(present(neighbour).size(), 4);
        QVERIFY2(
            said.join(u'\n').contains(QStringLiteral("left network %1 alone").arg(plannedNames(neighbour).constLast())),
            qPrintable(said.join(u'\n')));
        QStringList removed;
        QVERIFY2(LabRunner::down(neighbour.name, TestUri, {}, &error, &removed), qPrintable(error));
        QCOMPARE(removed.size(), 4); // the domains, by metadata, then the network no VM uses any more
        QCOMPARE(removed.constLast(), plannedNames(neighbour).constLast());
        QCOMPARE(present(neighbour), QStringList());
    }

    void downIsRefusedWhileARunHoldsTheLab()
    {
        LabRunner::Options o = options();
        o.keepOnFailure = true;
        QVERIFY(!LabRunner(m_lab, m_bundle, o).up().ok);
        RunLock holder(m_lab.name);
        QString error;
        QVERIFY(holder.acquire(&error));
        QVERIFY(!LabRunner::down(m_lab.name, TestUri, {}, &error));
        QVERIFY2(error.contains(QStringLiteral("is already being run by")), qPrintable(error));
        QCOMPARE(present(m_lab).size(), 4);
        holder.release();
        QVERIFY2(LabRunner::down(m_lab.name, TestUri, {}, &error), qPrintable(error));
        verifyNothingLeft();
    }

    // `status` lists a kept run with each node's state, address, host and start, and what is
    // labforge's but in no recorded run (a domain and a network made behind the run's back) as
    // orphans with the command that removes them; that command removes exactly those. An `up`
    // of the lab while it is up says so, with what `status` shows.
    void statusListsRunsAndOrphans()
    {
        LabRunner::Options o = options();
        o.keepOnFailure = true;
        QVERIFY(!LabRunner(m_lab, m_bundle, o).up().ok);
        QString error;
        QVERIFY2(m_keepAlive->defineDomain(
                     TestLabs::labforgeDomain(QStringLiteral("labforge-ghost-a"), QStringLiteral("ghost")), &error),
                 qPrintable(error));
        defineForeign(QStringLiteral("network"), QStringLiteral("labforge-ghost-net"));
        const RunStatus::Snapshot s = RunStatus::gather({}, TestUri);
        const auto run =
            std::find_if(s.runs.cbegin(), s.runs.cend(), [&](const RunStatus::Run &r) { return r.lab == m_lab.name; });
        QVERIFY(run != s.runs.cend());
        QCOMPARE(run->nodes.size(), 3);
        QCOMPARE(run->running(), 3);
        QVERIFY(run->started.isValid() && !run->runId.isEmpty());
        for (const RunStatus::Node &n : run->nodes) {
            QCOMPARE(n.state, QStringLiteral("running"));
            QCOMPARE(n.uri, TestUri);
            QVERIFY2(n.address.startsWith(QLatin1String("127.77.0.")), qPrintable(n.address));
            QVERIFY(n.started.isValid());
        }
        QStringList orphans;
        for (const RunStatus::Orphan &orphan : s.orphans) {
            orphans.append(orphan.kind + u' ' + orphan.name);
            QCOMPARE(orphan.removeWith, QStringLiteral("labforge down --orphans --uri test:///default"));
        }
        orphans.sort();
        QCOMPARE(
            orphans,
            QStringList({QStringLiteral("domain labforge-ghost-a"), QStringLiteral("network labforge-ghost-net")}));
        const QJsonObject json = RunStatus::toJson(s);
        QVERIFY(RunStatus::text(s).contains(QStringLiteral("labforge-ghost-a on test:///default (lab ghost)")));
        QVERIFY(json.value(QStringLiteral("runs")).toArray().at(0).toObject().contains(QStringLiteral("nodes")));
        QCOMPARE(RunStatus::gather(m_lab.name, TestUri).orphans.size(), 0); // the ghost is another lab's

        const auto again = LabRunner(m_lab, m_bundle, options()).up();
        QVERIFY2(again.error.contains(QStringLiteral("is already up: 3 of 3 node(s) running")),
                 qPrintable(again.error));
        QCOMPARE(present(m_lab).size(), 4);

        // Named for one lab, only that lab's orphans go.
        defineForeign(QStringLiteral("network"), QStringLiteral("labforge-other-net"));
        QStringList removed;
        QVERIFY2(RunTeardown::removeOrphans(TestUri, QStringLiteral("ghost"), {}, &error, &removed), qPrintable(error));
        removed.sort();
        QCOMPARE(removed, QStringList({QStringLiteral("labforge-ghost-a"), QStringLiteral("labforge-ghost-net")}));
        QVERIFY(Libvirt(TestUri).hasNetwork(QStringLiteral("labforge-other-net")));
        removed.clear();
        QVERIFY2(RunTeardown::removeOrphans(TestUri, {}, {}, &error, &removed), qPrintable(error));
        QCOMPARE(removed, QStringList({QStringLiteral("labforge-other-net")}));
        QCOMPARE(present(m_lab).size(), 4);
        QVERIFY(RunStatus::gather({}, TestUri).orphans.isEmpty());
        QVERIFY2(LabRunner::down(m_lab.name, TestUri, {}, &error), qPrintable(error));
        verifyNothingLeft();
    }

    // A run of another cache root (`status` with a private LABFORGE_CACHE_DIR, the lab up from
    // the default one) or of another user is listed as theirs, by the cache root and user its
    // domains' metadata names, never as an orphan: `down --orphans` and `down LAB` leave it
    // alone. A domain whose metadata names neither (an older labforge's) stays an orphan.
    void runsOfAnotherCacheRootOrUserAreNotOrphans()
    {
        LabRunner::Options o = options();
        o.keepOnFailure = true;
        QVERIFY(!LabRunner(m_lab, m_bundle, o).up().ok);
        const QStringList up = present(m_lab);
        QCOMPARE(up.size(), 4);
        const QString here = RunOwner::here().cacheRoot;
        QString error;
        for (const auto &[name, lab, who] :
             {std::tuple {QStringLiteral("labforge-alien-a"), QStringLiteral("alien"),
                          QStringLiteral("cache='%1' user='someone-else'").arg(here)},
              std::tuple {QStringLiteral("labforge-old-a"), QStringLiteral("old"), QString()}})
            QVERIFY2(m_keepAlive->defineDomain(TestLabs::labforgeDomain(name, lab, who), &error), qPrintable(error));
        defineForeign(QStringLiteral("network"), QStringLiteral("labforge-alien-net"));
        const auto names = [](const auto &list) {
            QStringList out;
            for (const auto &item : list)
                out.append(item.kind + u' ' + item.name);
            out.sort();
            return out;
        };
        // Seen from the cache root that made the run: its run, another user's, an old orphan.
        RunStatus::Snapshot s = RunStatus::gather({}, TestUri);
        QCOMPARE(s.runs.size(), 1);
        QCOMPARE(names(s.orphans), QStringList {QStringLiteral("domain labforge-old-a")});
        QCOMPARE(
            names(s.elsewhere),
            QStringList({QStringLiteral("domain labforge-alien-a"), QStringLiteral("network labforge-alien-net")}));
        QCOMPARE(s.elsewhere.first().what, QStringLiteral("another user's run (someone-else)"));
        // Seen from another cache root: the lab's VMs are that root's run, not orphans.
        QTemporaryDir other;
        qputenv("LABFORGE_CACHE_DIR", other.path().toUtf8());
        const auto back = qScopeGuard([this] { qputenv("LABFORGE_CACHE_DIR", m_cache.path().toUtf8()); });
        s = RunStatus::gather({}, TestUri);
        QVERIFY(s.runs.isEmpty());
        QCOMPARE(names(s.orphans), QStringList {QStringLiteral("domain labforge-old-a")});
        QStringList theirs = up;
        theirs.append(QStringLiteral("labforge-alien-a"));
        theirs.append(QStringLiteral("labforge-alien-net"));
        theirs.sort();
        QStringList elsewhere;
        for (const RunStatus::Elsewhere &e : s.elsewhere) {
            elsewhere.append(e.name);
            if (e.lab == m_lab.name)
                QCOMPARE(e.what, QStringLiteral("run of another cache root (%1)").arg(here));
        }
        elsewhere.sort();
        QCOMPARE(elsewhere, theirs);
        const QString text = RunStatus::text(s);
        QVERIFY2(text.contains(QStringLiteral("no lab of this cache root and user is up")), qPrintable(text));
        QVERIFY2(
            text.contains(
                QStringLiteral(" on test:///default (lab %1) — run of another cache root (%2)").arg(m_lab.name, here)),
            qPrintable(text));
        const QJsonArray json = RunStatus::toJson(s).value(QStringLiteral("elsewhere")).toArray();
        QCOMPARE(json.size(), theirs.size());
        for (const QJsonValue e : json) {
            if (e[QStringLiteral("lab")] == m_lab.name)
                QCOMPARE(e[QStringLiteral("cache_root")].toString(), here);
        }
        // Neither `down --orphans` nor `down LAB` of the other root touches them.
        QStringList removed;
        QVERIFY2(RunTeardown::removeOrphans(TestUri, {}, {}, &error, &removed), qPrintable(error));
        QCOMPARE(removed, QStringList {QStringLiteral("labforge-old-a")});
        QVERIFY2(LabRunner::down(m_lab.name, TestUri, {}, &error), qPrintable(error));
        QCOMPARE(present(m_lab), up);
        qputenv("LABFORGE_CACHE_DIR", m_cache.path().toUtf8());
        QVERIFY2(LabRunner::down(m_lab.name, TestUri, {}, &error), qPrintable(error));
        verifyNothingLeft();
        QVERIFY(m_keepAlive->destroyDomain(QStringLiteral("labforge-alien-a"), &error));
        QVERIFY(m_keepAlive->destroyNetwork(QStringLiteral("labforge-alien-net"), &error));
    }

    // A network named for the lab that no run recorded (an earlier run's, whose record went
    // with another cache or a killed process) goes with `down`, also without any record, so
    // that the next `up` is not refused; one that another lab's domain uses stays, named.
    void downRemovesTheLabsUnrecordedNetworks()
    {
        QString error;
        const QString stray = BootPlanner::plan(m_lab, {}, {}).networks.first().name; // what `up` makes
        const QString used = QStringLiteral("labforge-%1-used").arg(m_lab.name);
        defineForeign(QStringLiteral("network"), stray);
        defineForeign(QStringLiteral("network"), used);
        QVERIFY2(
            m_keepAlive->defineDomain(
                QStringLiteral("<domain type='test'><name>neighbour</name><metadata><labforge:node "
                               "xmlns:labforge='%1' lab='%2-x' node='a' run='r1'/></metadata><memory>65536</memory>"
                               "<os><type>hvm</type></os><devices><interface type='network'><source "
                               "network='%3'/></interface></devices></domain>")
                    .arg(LibvirtXml::metadataNamespace(), m_lab.name, used)
                    .toUtf8(),
                &error),
            qPrintable(error));
        QStringList said;
        QStringList removed;
        const auto sink = [&](const RunEvent &e) {
            said.append(e.message);
        };
        QVERIFY2(LabRunner::down(m_lab.name, TestUri, sink, &error, &removed), qPrintable(error));
        QCOMPARE(removed, QStringList({stray}));
        Libvirt virt(TestUri);
        QVERIFY(!virt.hasNetwork(stray));
        QVERIFY(virt.hasNetwork(used));
        QVERIFY2(
            said.join(u'\n').contains(
                QStringLiteral("left network %1 alone: no run recorded it, but domain neighbour uses it").arg(used)),
            qPrintable(said.join(u'\n')));
        // With the stray network gone, `up` makes the lab's networks and domains again (the test
        // driver's nodes then never answer SSH: the run stops there, kept to be looked at).
        QVERIFY(virt.destroyDomain(QStringLiteral("neighbour"), &error));
        QVERIFY(virt.destroyNetwork(used, &error));
        defineForeign(QStringLiteral("network"), stray);
        QVERIFY(!LabRunner(m_lab, m_bundle, options()).up().error.isEmpty());
        QVERIFY(virt.hasNetwork(stray)); // refused: it was there before the run
        QVERIFY2(LabRunner::down(m_lab.name, TestUri, {}, &error), qPrintable(error));
        LabRunner::Options o = options();
        o.keepOnFailure = true;
        const auto result = LabRunner(m_lab, m_bundle, o).up();
        QVERIFY2(!result.error.contains(QStringLiteral("already has")), qPrintable(result.error));
        QCOMPARE(present(m_lab).size(), plannedNames(m_lab).size());
        QVERIFY2(LabRunner::down(m_lab.name, TestUri, {}, &error), qPrintable(error));
        verifyNothingLeft();
    }

    // A progress line about a scenario step names the step.
    void progressLinesNameTheStep()
    {
        QString text;
        QTextStream out(&text);
        EventPrinter printer(out, false);
        RunEvent e;
        e.type = RunEvent::Type::AssertionPassed;
        e.stage = RunStage::Scenario;
        e.node = QStringLiteral("storage");
        e.assertion = QStringLiteral("gate/nfs-export");
        e.message = QStringLiteral("passed after 1 attempt(s) in 0.4 s");
        printer.print(e);
        QVERIFY2(
            text.contains(QStringLiteral("storage        assertion-passed: gate/nfs-export passed after 1 attempt(s)")),
            qPrintable(text));
    }

    // The node verbs act on the run's own VM: stop (the guest is asked; stopping a stopped node
    // is no error), start (its start time recorded), restart (which waits for a new boot id: the
    // local transport's stays the host's, so the wait ends in a clear failure), an unknown node.
    void nodeVerbsActOnTheRunsOwnVm()
    {
        const QString runDir = keptRun();
        QVERIFY(!runDir.isEmpty());
        QString error;
        RunInventory inventory(runDir);
        QVERIFY(inventory.load(&error));
        const QString web = inventory.domainOf(QStringLiteral("web"))->name;
        const QDateTime started = inventory.domainOf(QStringLiteral("web"))->started;
        LocalTransport local;
        LibvirtLabActions actions(runDir, local);
        const LabActions::Result stop = actions.stop(QStringLiteral("web"), false, 5000, {});
        QVERIFY2(stop.ok, qPrintable(stop.message));
        QCOMPARE(m_keepAlive->domainState(web), QStringLiteral("shut off"));
        const LabActions::Result again = actions.stop(QStringLiteral("web"), true, 5000, {});
        QVERIFY2(again.ok && again.message.contains(QStringLiteral("already stopped")), qPrintable(again.message));
        QTest::qWait(1100); // time passing: the start time is recorded to the second
        const LabActions::Result start = actions.start(QStringLiteral("web"), 0, {});
        QVERIFY2(start.ok, qPrintable(start.message));
        QCOMPARE(m_keepAlive->domainState(web), QStringLiteral("running"));
        QVERIFY(inventory.load(&error));
        QVERIFY(inventory.domainOf(QStringLiteral("web"))->started > started);
        const LabActions::Result restart = actions.restart(QStringLiteral("web"), 3000, {});
        QVERIFY(!restart.ok);
        QVERIFY2(restart.message.contains(QStringLiteral("did not answer over SSH within 3 s"))
                     && restart.message.contains(QStringLiteral("boot id from before")),
                 qPrintable(restart.message));
        const LabActions::Result unknown = actions.stop(QStringLiteral("nope"), false, 5000, {});
        QVERIFY(!unknown.ok);
        QVERIFY2(unknown.message.contains(QStringLiteral("has no VM for node nope")), qPrintable(unknown.message));
        QVERIFY2(LabRunner::down(m_lab.name, TestUri, {}, &error), qPrintable(error));
        verifyNothingLeft();
    }

    // `down` names what it removes first, data disks included; with --keep-disks a data disk
    // stays and the next `up` uses it again (its bytes intact), a kept disk of another size is
    // refused with the way out, and a plain `down` then removes it. The run's own secrets go,
    // the lab's SSH key stays unless purged.
    void downKeepsDataDisksOnlyWhenAsked()
    {
        Lab lab = m_lab;
        lab.nodes[2].disks.append(Disk {QStringLiteral("data"), QStringLiteral("disk"), 1, QStringLiteral("virtio"),
                                        QStringLiteral("lfdata01")});
        const Bundle bundle = BundleGenerator::generate(lab);
        LabRunner::Options o = options();
        o.keepOnFailure = true;
        QStringList notices;
        o.events = [&](const RunEvent &e) {
            if (e.type == RunEvent::Type::Notice)
                notices.append(e.message);
        };
        QVERIFY(!LabRunner(lab, bundle, o).up().ok);
        QString error;
        const QString runDir = RunnerPaths::run(lab.name, &error);
        RunInventory inventory(runDir);
        QVERIFY(inventory.load(&error));
        QCOMPARE(inventory.dataDisks.size(), 1);
        const QString disk = inventory.dataDisks.constFirst();
        {
            QFile f(disk);
            QVERIFY(f.open(QIODevice::ReadWrite));
            QVERIFY(f.write("the lab's data") > 0);
        }
        QStringList said;
        const EventSink listen = [&](const RunEvent &e) {
            said.append(e.message);
        };
        RunTeardown::Options keep;
        keep.keepDisks = true;
        QVERIFY2(LabRunner::down(lab.name, TestUri, listen, &error, nullptr, keep), qPrintable(error));
        const QString all = said.join(u'\n');
        QVERIFY2(all.contains(QStringLiteral("taking lab orchestration down: 3 VM(s) (")), qPrintable(all));
        QVERIFY2(all.contains(QStringLiteral("keeping the data disk(s) ")), qPrintable(all));
        QVERIFY2(all.contains(QStringLiteral("kept the lab's SSH key")), qPrintable(all));
        QCOMPARE(present(lab), QStringList());
        QVERIFY(QFile::exists(disk));
        QVERIFY(QFile::exists(runDir + QStringLiteral("/secrets/id_ed25519")));
        QVERIFY(!QFile::exists(runDir + QStringLiteral("/ssh_config")));

        QVERIFY(!LabRunner(lab, bundle, o).up().ok);
        QVERIFY2(notices.join(u'\n').contains(QStringLiteral("reusing the lfdata01 disk kept by")),
                 qPrintable(notices.join(u'\n')));
        {
            QFile f(disk);
            QVERIFY(f.open(QIODevice::ReadOnly));
            QCOMPARE(f.read(14), QByteArray("the lab's data"));
        }
        QVERIFY2(LabRunner::down(lab.name, TestUri, {}, &error, nullptr, keep), qPrintable(error));
        Lab bigger = lab;
        bigger.nodes[2].disks[0].sizeGb = 2;
        const auto refused = LabRunner(bigger, BundleGenerator::generate(bigger), o).up();
        QVERIFY2(refused.error.contains(QStringLiteral("is not the"))
                     && refused.error.contains(QStringLiteral("labforge down orchestration")),
                 qPrintable(refused.error));
        QCOMPARE(present(lab), QStringList());
        QVERIFY(QFile::exists(disk));

        said.clear();
        RunTeardown::Options purge;
        purge.purge = true;
        QVERIFY2(LabRunner::down(lab.name, TestUri, listen, &error, nullptr, purge), qPrintable(error));
        QVERIFY(!QFile::exists(disk));
        QVERIFY(!QFile::exists(RunTeardown::keptDisksPath(runDir)));
        QVERIFY(!QFile::exists(runDir + QStringLiteral("/secrets/id_ed25519")));
        QVERIFY2(said.join(u'\n').contains(QStringLiteral("removed the lab's SSH key")), qPrintable(said.join(u'\n')));
        verifyNothingLeft();
    }

    // A minute per define is named, with why and what fixes it.
    void aSlowDefineIsExplained()
    {
        QVERIFY(DomainLauncher::slowDefineNote(QStringLiteral("storage"), 900, true).isEmpty());
        const QString kvm = DomainLauncher::slowDefineNote(QStringLiteral("storage"), 41000, true);
        QVERIFY2(kvm.startsWith(QStringLiteral("defining node storage took 41 s")), qPrintable(kvm));
        QVERIFY(kvm.contains(QStringLiteral("/dev/kvm exists"))
                && kvm.contains(QStringLiteral("mount --bind /run/no-kvm")));
        const QString other = DomainLauncher::slowDefineNote(QStringLiteral("storage"), 12000, false);
        QVERIFY(!other.isEmpty() && !other.contains(QStringLiteral("/dev/kvm")));
    }

    // Every domain is started, each handed to the inventory once, before it starts; a
    // refusal from the inventory stops the launch and names the node.
    void domainsLaunchTogetherAndEachIsRecordedFirst()
    {
        const BootPlan plan = BootPlanner::plan(m_lab, {}, {});
        Libvirt virt(TestUri);
        QString error;
        for (const BootPlan::Network &n : plan.networks)
            QVERIFY2(virt.defineAndStartNetwork(LibvirtXml::network(n), &error), qPrintable(error));
        QMutex lock;
        QStringList recorded, started;
        const auto outcome = DomainLauncher::launch(
            virt, plan, QStringLiteral("run-1"), CancelToken(),
            [&](const BootPlan::Domain &d, QString *) {
                recorded.append(d.node); // under the launcher's lock
                return true;
            },
            [&](const BootPlan::Domain &d) {
                const QMutexLocker locker(&lock);
                QVERIFY(recorded.contains(d.node));
                started.append(d.node);
            });
        QVERIFY2(outcome.ok, qPrintable(outcome.error));
        recorded.sort();
        started.sort();
        QStringList nodes;
        for (const BootPlan::Domain &d : plan.domains) {
            nodes.append(d.node);
            QVERIFY(virt.isDomainRunning(d.name));
            QVERIFY(virt.destroyDomain(d.name, &error));
        }
        nodes.sort();
        QCOMPARE(recorded, nodes);
        QCOMPARE(started, nodes);
        // The inventory cannot be written: nothing more starts, the node is named.
        const auto refused = DomainLauncher::launch(
            virt, plan, QStringLiteral("run-2"), CancelToken(),
            [&](const BootPlan::Domain &, QString *why) {
                *why = QStringLiteral("disk full");
                return false;
            },
            [&](const BootPlan::Domain &) { QFAIL("started although not recorded"); });
        QVERIFY(!refused.ok);
        QVERIFY2(refused.error.endsWith(QStringLiteral(": disk full"))
                     && refused.error.startsWith(QStringLiteral("node ")),
                 qPrintable(refused.error));
        for (const BootPlan::Domain &d : plan.domains)
            virt.destroyDomain(d.name, &error);
        for (const BootPlan::Network &n : plan.networks)
            QVERIFY(virt.destroyNetwork(n.name, &error));
        verifyNothingLeft();
    }

    // A run across two hosts defines each domain through its host's libvirt,
    // makes one network per host joined by the tunnel commands (each host pointing at the
    // other's address and port), and a failed run removes all of it from every host.
    void aRunAcrossHostsIsMadeOnEachAndRemovedFromAll()
    {
        const Lab lab = twoHostLab();
        const Problems problems = Validator::validate(lab);
        for (const Problem &p : problems)
            QVERIFY2(!p.rule.startsWith(QLatin1String("host.")) && !p.rule.startsWith(QLatin1String("node.placement")),
                     qPrintable(p.message));
        HostShell::clearTranscript();
        QStringList seenAtSsh;
        BootPlan plan;
        LabRunner::Options o = options();
        o.confirm = [&plan](const BootPlan &p) {
            plan = p;
            return true;
        };
        o.events = [&](const RunEvent &e) {
            if (e.type == RunEvent::Type::StageStarted && e.stage == RunStage::Ssh) {
                for (const BootPlan::Domain &d : plan.domains) {
                    Libvirt at(HostRun::uriOf(plan, d.host));
                    if (at.hasDomain(d.name) && at.domainOwner(d.name).lab == lab.name)
                        seenAtSsh.append(d.host + QLatin1Char(':') + d.node);
                }
                for (const BootPlan::Network &n : plan.networks) {
                    if (Libvirt(HostRun::uriOf(plan, n.host)).hasNetwork(n.name))
                        seenAtSsh.append(n.host + QLatin1Char(':') + n.labNetwork);
                }
            }
        };
        const auto result = upOnTwoHosts(lab, o);
        QVERIFY(!result.ok);
        QVERIFY2(result.error.contains(QStringLiteral("did not answer SSH")), qPrintable(result.error));
        QCOMPARE(plan.hosts.size(), 2);
        QCOMPARE(plan.networks.size(), 2);
        const QString net = lab.networks.first().name;
        QCOMPARE(seenAtSsh,
                 (QStringList {QStringLiteral("a:") + lab.nodes[0].id, QStringLiteral("b:") + lab.nodes[1].id,
                               QStringLiteral("b:") + lab.nodes[2].id, QStringLiteral("a:") + net,
                               QStringLiteral("b:") + net}));
        const QString tunnelA = HostFabric::tunnelName(lab.name, net, QStringLiteral("a"));
        const QString tunnelB = HostFabric::tunnelName(lab.name, net, QStringLiteral("b"));
        const QStringList a = transcriptFor(TestUri);
        const QStringList b = transcriptFor(TestUri + QStringLiteral("?host=b"));
        QVERIFY2(a.size() >= 4 && b.size() >= 4, qPrintable(HostShell::transcript().join(QLatin1Char('\n'))));
        QVERIFY2(a.first().startsWith(QStringLiteral("ip link add %1 ").arg(tunnelA))
                     && a.first().contains(QStringLiteral("local 127.0.0.1 dstport 4789")),
                 qPrintable(a.first()));
        QVERIFY2(a.at(1).contains(QStringLiteral("dev %1 dst 127.0.0.2 port 4790").arg(tunnelA)), qPrintable(a.at(1)));
        QVERIFY2(b.at(1).contains(QStringLiteral("dev %1 dst 127.0.0.1 port 4789").arg(tunnelB)), qPrintable(b.at(1)));
        QVERIFY(a.contains(QStringLiteral("ip link del ") + tunnelA)); // removed with the run
        QVERIFY(b.contains(QStringLiteral("ip link del ") + tunnelB));
        QCOMPARE(presentOf(plan), QStringList());
        verifyNothingLeft(lab);
    }

    // What another party made on one host, behind the runner's back, fails the run
    // there, and what the run had made on the other host goes too; the other party's is kept.
    void aFailureOnOneHostRollsBackEveryHost_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::newRow("domain on b") << QStringLiteral("domain");
        QTest::newRow("network on b") << QStringLiteral("network");
    }
    void aFailureOnOneHostRollsBackEveryHost()
    {
        QFETCH(QString, kind);
        const Lab lab = twoHostLab();
        const BootPlan plan = confirmedPlan(lab);
        QCOMPARE(plan.hosts.size(), 2);
        QString foreign;
        for (const BootPlan::Domain &d : plan.domains)
            foreign = d.host == QLatin1String("b") && foreign.isEmpty() ? d.name : foreign;
        if (kind == QLatin1String("network")) {
            for (const BootPlan::Network &n : plan.networks)
                foreign = n.host == QLatin1String("b") ? n.name : foreign;
        }
        HostShell::clearTranscript();
        LabRunner::Options o = options();
        o.events = [&](const RunEvent &e) {
            if (e.type == RunEvent::Type::StageStarted && e.stage == RunStage::Seed)
                defineForeign(kind, foreign);
        };
        const auto result = upOnTwoHosts(lab, o);
        QVERIFY(!result.ok);
        QVERIFY2(result.error.contains(QStringLiteral("already exists")), qPrintable(result.error));
        QCOMPARE(presentOf(plan), QStringList {foreign}); // ours gone on both hosts, theirs kept
        const QString tunnelA = HostFabric::tunnelName(lab.name, lab.networks.first().name, QStringLiteral("a"));
        QVERIFY2(transcriptFor(TestUri).contains(QStringLiteral("ip link del ") + tunnelA),
                 qPrintable(HostShell::transcript().join(QLatin1Char('\n'))));
        QCOMPARE(runFiles(lab), QStringList());
        QString error;
        QVERIFY(kind == QLatin1String("domain") ? m_keepAlive->destroyDomain(foreign, &error)
                                                : m_keepAlive->destroyNetwork(foreign, &error));
        verifyNothingLeft(lab);
    }

    // A name the run needs that is taken on any host, not only the first, is refused
    // before anything is made on any of them.
    void aNameTakenOnAnyHostIsRefusedBeforeAnything()
    {
        const Lab lab = twoHostLab();
        const BootPlan plan = confirmedPlan(lab);
        QString foreign;
        for (const BootPlan::Network &n : plan.networks)
            foreign = n.host == QLatin1String("b") ? n.name : foreign;
        defineForeign(QStringLiteral("network"), foreign);
        HostShell::clearTranscript();
        const auto result = upOnTwoHosts(lab, options());
        QVERIFY(!result.ok);
        QVERIFY2(result.error.contains(QStringLiteral("network %1 on host b").arg(foreign))
                     && result.error.contains(QStringLiteral("nothing was allocated")),
                 qPrintable(result.error));
        QCOMPARE(HostShell::transcript(), QStringList());
        QCOMPARE(presentOf(plan), QStringList {foreign});
        QString error;
        QVERIFY(m_keepAlive->destroyNetwork(foreign, &error));
        verifyNothingLeft(lab);
    }

    // `labforge down` takes a kept run off every host, from what it recorded.
    void downRemovesARunFromEveryHost()
    {
        const Lab lab = twoHostLab();
        BootPlan plan;
        LabRunner::Options o = options();
        o.keepOnFailure = true;
        o.confirm = [&plan](const BootPlan &p) {
            plan = p;
            return true;
        };
        QVERIFY(!upOnTwoHosts(lab, o).ok);
        QCOMPARE(presentOf(plan).size(), 5);
        HostShell::clearTranscript();
        QString error;
        QStringList removed;
        QVERIFY2(LabRunner::down(lab.name, TestUri, {}, &error, &removed), qPrintable(error));
        QCOMPARE(presentOf(plan), QStringList());
        QCOMPARE(transcriptFor(TestUri),
                 QStringList {QStringLiteral("ip link del ")
                              + HostFabric::tunnelName(lab.name, lab.networks.first().name, QStringLiteral("a"))});
        QCOMPARE(transcriptFor(TestUri + QStringLiteral("?host=b")),
                 QStringList {QStringLiteral("ip link del ")
                              + HostFabric::tunnelName(lab.name, lab.networks.first().name, QStringLiteral("b"))});
        verifyNothingLeft(lab);
    }

    void aNameThatIsAPathIsRefusedBeforeAnything()
    {
        Lab hostile = m_lab;
        hostile.name = QStringLiteral("../../../../tmp/labforge-hostile-run");
        const auto result = LabRunner(hostile, m_bundle, options()).up();
        QVERIFY(!result.ok);
        QVERIFY2(result.error.contains(QStringLiteral("refusing to use it in a path")), qPrintable(result.error));
        QString error;
        QVERIFY(!LabRunner::down(hostile.name, TestUri, {}, &error));
        QVERIFY(!QFileInfo::exists(QStringLiteral("/tmp/labforge-hostile-run")));
        QVERIFY(!QFileInfo::exists(m_cache.path() + QStringLiteral("/tmp")));
    }
};

QTEST_GUILESS_MAIN(TestOrchestration)
#include "tst_orchestration.moc"
