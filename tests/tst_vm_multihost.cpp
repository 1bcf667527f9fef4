// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// A lab across two libvirt hosts, booted for real: the nfs-pair lab with its
// storage node on host "a" (qemu:///system) and its client on host "b" (this machine's
// libvirt again, but reached only as qemu+ssh://root@127.0.0.1 through a real sshd, so the
// client's kernel, initrd, disks and seed travel as libvirt volumes and its domain is
// defined through that URI). Each host has its own bridge for the lab network, joined only
// by VXLAN between 127.0.0.1:4789 and 127.0.0.2:4790: the client mounts the storage node's
// NFS export across the tunnel, the nfs-pair scenario passes, and `down` leaves nothing on
// either host.
#include "FeatureModules.h"
#include "HostFabric.h"
#include "HostVolumes.h"
#include "LabReader.h"
#include "LabRunner.h"
#include "Libvirt.h"
#include "LoopbackSshd.h"
#include "RunPipeline.h"
#include "TestLabs.h"
#include "VmSupport.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Labforge;
using namespace Labforge::VmSupport;

class TestVmMultihost : public QObject
{
    Q_OBJECT

public:
    static void initMain() { FeatureModules::install(); }

private:
    LoopbackSshd m_sshd;
    QTemporaryDir m_dir;
    QString m_remote;
    Lab m_lab;

private Q_SLOTS:
    void initTestCase()
    {
        QString error;
        m_remote = loopbackHostUri(m_sshd, m_dir.path(), &error);
        QVERIFY2(!m_remote.isEmpty(), qPrintable(error));
        const auto r =
            LabReader::readFile(TestLabs::sourceDir() + QStringLiteral("/tests/data/labs/nfs-pair.lab.json"));
        QVERIFY(r.ok());
        m_lab = *r.lab;
        m_lab.hosts = {
            LabHost {QStringLiteral("a"), QStringLiteral("qemu:///system"), QStringLiteral("127.0.0.1"), 4789,
                     QStringLiteral("linux-bridge")},
            LabHost {QStringLiteral("b"), m_remote, QStringLiteral("127.0.0.2"), 4790, QStringLiteral("linux-bridge")}};
        m_lab.node(QStringLiteral("storage"))->placementHost = QStringLiteral("a");
        m_lab.node(QStringLiteral("client"))->placementHost = QStringLiteral("b");
        LabRunner::down(m_lab.name, {}, {}, &error); // leftovers of an interrupted earlier run
    }

    void cleanupTestCase()
    {
        QString error;
        LabRunner::down(m_lab.name, {}, printEvent, &error);
    }

    void nfsPairAcrossTwoHosts()
    {
        RunPipeline::Options o;
        o.runner.uri = QStringLiteral("qemu:///system");
        o.runner.accel = BootPlan::Accel::Auto;
        o.runner.memoryScale = 0.25;
        o.runner.isolated = true;
        o.runner.jobs = 2;
        o.runner.sshTimeoutSeconds = 600;
        QStringList placement;
        o.runner.confirm = [&](const BootPlan &plan) {
            placement = plan.placement;
            return true;
        };
        o.runner.events = printEvent;
        const QString artifacts =
            qEnvironmentVariable("LABFORGE_VM_ARTIFACTS", QDir::tempPath() + QStringLiteral("/labforge-vm-artifacts"));
        o.reportDirectory = artifacts + QStringLiteral("/nfs-pair-two-hosts");
        QVERIFY2(placement.isEmpty(), "confirmed before the run");
        RunPipeline pipeline(m_lab, PinsLock::builtIn(), o);
        const QString tunnelA = HostFabric::tunnelName(m_lab.name, m_lab.networks.first().name, QStringLiteral("a"));
        const RunPipeline::Result result = pipeline.run();
        QVERIFY2(result.boot.ok, qPrintable(result.boot.error));
        qInfo("%s", qPrintable(placement.join(u'\n')));
        QVERIFY(placement.size() == 2 && placement.at(0).startsWith(QStringLiteral("a: storage"))
                && placement.at(1).startsWith(QStringLiteral("b: client")));
        for (const AssertionResult &r : result.report.results)
            QVERIFY2(r.state == AssertionResult::State::Passed,
                     qPrintable(r.stepId + QStringLiteral(": ") + r.message));
        QVERIFY(!result.report.results.isEmpty());
        // SSH to the client and its NFS traffic crossed the tunnel both ways (seen here: 22 kB
        // in, 36 kB out), and b's domain runs from volumes.
        QVERIFY2(interfaceCounter(tunnelA, "rx_bytes") > 10000 && interfaceCounter(tunnelA, "tx_bytes") > 10000,
                 qPrintable(QStringLiteral("tunnel rx %1 tx %2")
                                .arg(interfaceCounter(tunnelA, "rx_bytes"))
                                .arg(interfaceCounter(tunnelA, "tx_bytes"))));
        Libvirt b(m_remote);
        const QString client = QStringLiteral("labforge-%1-client").arg(m_lab.name);
        QVERIFY(b.isDomainRunning(client));
        QVERIFY(QFile::exists(
            QStringLiteral("%1/labforge-%2-client-root.qcow2").arg(QLatin1String(HostVolumes::Directory), m_lab.name)));

        QString error;
        QStringList removed;
        QVERIFY2(LabRunner::down(m_lab.name, {}, printEvent, &error, &removed), qPrintable(error));
        QVERIFY(!b.hasDomain(client));
        QVERIFY(!QFile::exists(QStringLiteral("/sys/class/net/") + tunnelA));
        QVERIFY(!QFile::exists(
            QStringLiteral("%1/labforge-%2-client-root.qcow2").arg(QLatin1String(HostVolumes::Directory), m_lab.name)));
        QString listError;
        const auto networksLeft =
            Libvirt(QStringLiteral("qemu:///system")).networks(QStringLiteral("labforge-") + m_lab.name, &listError);
        QVERIFY2(networksLeft && networksLeft->isEmpty(), qPrintable(listError));
    }
};

int main(int argc, char **argv)
{
    TestVmMultihost::initMain();
    QCoreApplication app(argc, argv);
    if (const int skip = skipUnlessVmsCanRun())
        return skip;
    TestVmMultihost test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_vm_multihost.moc"
