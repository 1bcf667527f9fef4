// LabRunner's orchestration against libvirt's in-process test driver: the XML is
// accepted (and valid against libvirt's schemas), a run creates what its plan says,
// and every failure or cancel, at every stage, leaves no domain, network or file.
#include "BootPlanner.h"
#include "BundleGenerator.h"
#include "HostCommand.h"
#include "LabRunner.h"
#include "Libvirt.h"
#include "LibvirtXml.h"
#include "RunLock.h"
#include "RunProgress.h"
#include "RunnerPaths.h"
#include "TestLabs.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

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
        o.skipImages = true;
        o.sshTimeoutSeconds = 4;
        o.isolated = true;
        o.memoryScale = 0.5;
        return o;
    }

    void verifyNothingLeft()
    {
        Libvirt virt(TestUri);
        QVERIFY(virt.domains(QStringLiteral("labforge-orchestration-")).isEmpty());
        QVERIFY(virt.networks(QStringLiteral("labforge-orchestration-")).isEmpty());
        QCOMPARE(QDir(RunnerPaths::run(m_lab.name) + QStringLiteral("/vm")).entryList(QDir::Files), QStringList());
    }

private Q_SLOTS:
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
            const QString dir = RunnerPaths::images(m_lab.name) + QLatin1Char('/') + n.id;
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
            validate(LibvirtXml::domain(d, BootPlan::Accel::Tcg, plan.labName), QStringLiteral("domain"));
            validate(LibvirtXml::domain(d, BootPlan::Accel::Kvm, plan.labName), QStringLiteral("domain"));
        }
        for (const BootPlan::Network &n : plan.networks)
            validate(LibvirtXml::network(n), QStringLiteral("network"));
        const QByteArray storage = LibvirtXml::domain(plan.domains.at(4), BootPlan::Accel::Tcg, plan.labName);
        QVERIFY(storage.contains("<serial>OPENFACTORY_HPC_DATA</serial>"));
        QVERIFY(storage.contains("<tb-cache unit='MiB'>256</tb-cache>"));
        QVERIFY(storage.contains("<rng model='virtio'>"));
    }

    void aNodeThatNeverAnswersSshIsCleanedUp()
    {
        QStringList stages;
        RunProgress progress; // the designer's progress bars, fed by the real event stream
        progress.begin(m_lab, true, false);
        LabRunner::Options o = options();
        o.events = [&](const RunEvent &e) {
            if (e.type == RunEvent::Type::StageStarted)
                stages.append(e.stage);
            progress.apply(e);
        };
        LabRunner runner(m_lab, m_bundle, o);
        const auto result = runner.up();
        progress.finish(result.ok);
        QVERIFY(!result.ok);
        QCOMPARE(progress.stage(QStringLiteral("base"))->state, RunProgress::State::Pending); // images skipped
        for (const char *done : {"seed", "network", "boot", "teardown"})
            QCOMPARE(progress.stage(QString::fromLatin1(done))->state, RunProgress::State::Done);
        QCOMPARE(progress.stage(QStringLiteral("boot"))->progress, 1.0);
        QCOMPARE(progress.stage(QStringLiteral("ssh"))->state, RunProgress::State::Failed);
        QVERIFY(progress.stage(QStringLiteral("ssh"))->message.contains(QStringLiteral("did not answer SSH")));
        for (const auto &n : progress.nodes())
            QCOMPARE(n.state, QStringLiteral("failed"));
        QVERIFY2(result.error.contains(QStringLiteral("did not answer SSH within 4 s")), qPrintable(result.error));
        QVERIFY(result.error.contains(QStringLiteral("Console log: ")));
        QCOMPARE(stages,
                 (QStringList {QStringLiteral("seed"), QStringLiteral("network"), QStringLiteral("boot"),
                               QStringLiteral("ssh"), QStringLiteral("teardown")}));
        verifyNothingLeft();
        QVERIFY(!result.error.contains(QStringLiteral("orchestration-test-password")));
    }

    void injectedFaultsLeaveNothing_data()
    {
        QTest::addColumn<QString>("fault");
        QTest::addColumn<QString>("message");
        QTest::newRow("disk full") << "disk-full"
                                   << "disk full?";
        QTest::newRow("network start fails") << "network-start"
                                             << "injected fault";
        QTest::newRow("domain define fails") << "domain-define"
                                             << "injected fault";
        QTest::newRow("domain start fails") << "domain-start"
                                            << "injected fault";
    }
    void injectedFaultsLeaveNothing()
    {
        QFETCH(QString, fault);
        QFETCH(QString, message);
        LabRunner::Options o = options();
        o.injectFaults = {fault};
        LabRunner runner(m_lab, m_bundle, o);
        const auto result = runner.up();
        QVERIFY(!result.ok);
        QVERIFY2(result.error.contains(message), qPrintable(result.error));
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
            if (e.type == RunEvent::Type::StageStarted && e.stage == stage)
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
        LabRunner::Options faulty = options();
        faulty.injectFaults = {QStringLiteral("domain-start")};
        QVERIFY(!LabRunner(m_lab, m_bundle, faulty).up().ok);
        QStringList stages;
        LabRunner::Options again = options();
        again.events = [&](const RunEvent &e) {
            if (e.type == RunEvent::Type::StageStarted)
                stages.append(e.stage);
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
        Libvirt virt(TestUri);
        QCOMPARE(virt.domains(QStringLiteral("labforge-orchestration-")).size(), 3);
        QCOMPARE(virt.networks(QStringLiteral("labforge-orchestration-")).size(), 1);
        QString error;
        QStringList removed;
        QVERIFY(LabRunner::down(m_lab.name, TestUri, {}, &error, &removed));
        QCOMPARE(removed.size(), 4);
        verifyNothingLeft();
    }
};

QTEST_GUILESS_MAIN(TestOrchestration)
#include "tst_orchestration.moc"
