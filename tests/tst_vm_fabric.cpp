// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// One lab network across two libvirt hosts, on this machine: host "a" is
// qemu:///system, host "b" is the same daemon reached as qemu+ssh://root@127.0.0.1 through a
// real sshd, and everything labforge does on b (the libvirt network, the tunnel endpoint)
// goes through that URI and that SSH. Each host gets its own bridge (linux-bridge fabric:
// this kernel has no Open vSwitch datapath); the two bridges are joined only by VXLAN between
// 127.0.0.1:4789 and 127.0.0.2:4790. A network namespace on b's bridge stands in for a
// guest's tap: traffic from a's gateway to it must cross the tunnel (its counters grow, and
// with the tunnel down it stops), full-size frames included (the MTU leaves room for the
// tunnel). Removal leaves nothing on either host.
#include "BootPlanner.h"
#include "FeatureModules.h"
#include "HostFabric.h"
#include "HostNetworks.h"
#include "HostShell.h"
#include "HostVolumes.h"
#include "Lab.h"
#include "Libvirt.h"
#include "LoopbackSshd.h"
#include "Sha256.h"
#include "SshWaiter.h"
#include "TestLabs.h"
#include "VmSupport.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Labforge;

namespace {

// A stand-in host's namespace and its veth pair, named per run (and cleared before use).
const QString Namespace = QStringLiteral("lf-fab-%1").arg(QCoreApplication::applicationPid());
const QString VethHost = QStringLiteral("lff%1a").arg(QCoreApplication::applicationPid() % 100000);
const QString VethGuest = QStringLiteral("lff%1b").arg(QCoreApplication::applicationPid() % 100000);

int sh(const QString &line, QByteArray *out = nullptr)
{
    QProcess p;
    p.start(QStringLiteral("bash"), {QStringLiteral("-c"), line});
    p.waitForFinished(60000);
    if (out)
        *out = p.readAllStandardOutput();
    return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
}

QStringList portsOf(const QString &bridge)
{
    QByteArray out;
    sh(QStringLiteral("ip -j link show master %1").arg(bridge), &out);
    QStringList ports;
    for (const QJsonValue v : QJsonDocument::fromJson(out).array())
        ports.append(v.toObject().value(QStringLiteral("ifname")).toString());
    ports.sort();
    return ports;
}

} // namespace

class TestVmFabric : public QObject
{
    Q_OBJECT

public:
    static void initMain() { FeatureModules::install(); }

private:
    LoopbackSshd m_sshd;
    QTemporaryDir m_dir;
    BootPlan m_plan;
    QStringList m_made;
    QString m_remote; // host b's URI: this machine's libvirt through the test sshd
    QStringList m_volumes;

    // web-lab on 10.251.0.0/24 across host a (here) and host b (the qemu+ssh URI): proxy on
    // a, web and db on b.
    Lab fabricLab() const
    {
        Lab lab = TestLabs::builtIn(QStringLiteral("web-lab"));
        lab.name = QStringLiteral("fabric-test");
        lab.networks[0].cidr = QStringLiteral("10.251.0.0/24");
        lab.networks[0].gateway = QStringLiteral("10.251.0.1");
        lab.networks[0].dnsServers.clear();
        for (int i = 0; i < lab.nodes.size(); ++i)
            lab.nodes[i].interfaces[0].ip = QStringLiteral("10.251.0.%1").arg(10 + i);
        lab.hosts = {
            LabHost {QStringLiteral("a"), QStringLiteral("qemu:///system"), QStringLiteral("127.0.0.1"), 4789,
                     QStringLiteral("linux-bridge")},
            LabHost {QStringLiteral("b"), m_remote, QStringLiteral("127.0.0.2"), 4790, QStringLiteral("linux-bridge")}};
        return lab;
    }
    static BootPlan twoHostPlan(const Lab &lab)
    {
        BootPlan plan = BootPlanner::plan(lab, {}, BootPlanner::Options {});
        for (const LabHost &h : lab.hosts)
            plan.hosts.append(BootPlan::Host {h.name, h.uri, h.tunnelAddress, h.tunnelPort, h.fabric});
        for (BootPlan::Domain &d : plan.domains)
            d.host = d.node == QLatin1String("proxy") ? QStringLiteral("a") : QStringLiteral("b");
        BootPlanner::spreadOverHosts(plan);
        return plan;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QString error;
        m_remote = VmSupport::loopbackHostUri(m_sshd, m_dir.path(), &error);
        QVERIFY2(!m_remote.isEmpty(), qPrintable(error));
    }

    void cleanupTestCase()
    {
        for (const QString &v : std::as_const(m_volumes)) {
            QString error;
            HostVolumes(m_remote).remove(v, &error);
        }
        sh(QStringLiteral("ip netns del %1 2>/dev/null").arg(Namespace));
        if (!m_made.isEmpty()) {
            QStringList problems;
            HostNetworks(m_plan).remove(m_made, &problems);
        }
    }

    void twoHostsShareANetworkOnlyThroughTheTunnel()
    {
        QString error;
        const QString remote = m_remote;
        QByteArray hostname;
        QVERIFY(HostShell(remote).isRemote());
        QVERIFY2(HostShell(remote).run({QStringLiteral("hostname")}, &error, &hostname), qPrintable(error));

        const Lab lab = fabricLab();
        m_plan = twoHostPlan(lab);
        QCOMPARE(m_plan.networks.size(), 2);
        QCOMPARE(m_plan.networks.at(0).host, QStringLiteral("a"));
        QCOMPARE(m_plan.networks.at(0).gateway, QStringLiteral("10.251.0.1"));
        QVERIFY(m_plan.networks.at(1).gateway.isEmpty()); // b's bridge has no address of the host's
        QCOMPARE(m_plan.domains.at(1).interfaces.at(0).network, m_plan.networks.at(1).name);

        HostNetworks networks(m_plan);
        // What a killed earlier run may have left of these networks goes first ("what is
        // already gone is fine").
        QStringList planned, leftovers;
        for (const BootPlan::Network &n : std::as_const(m_plan.networks))
            planned.append(n.name);
        networks.remove(planned, &leftovers);
        QVERIFY2(networks.create(&m_made, &error), qPrintable(error));
        QCOMPARE(m_made.size(), 2);
        const QString bridgeA = HostFabric::bridgeName(lab.name, QStringLiteral("web-net"), QStringLiteral("a"));
        const QString bridgeB = HostFabric::bridgeName(lab.name, QStringLiteral("web-net"), QStringLiteral("b"));
        const QString tunnelA = HostFabric::tunnelName(lab.name, QStringLiteral("web-net"), QStringLiteral("a"));
        const QString tunnelB = HostFabric::tunnelName(lab.name, QStringLiteral("web-net"), QStringLiteral("b"));
        // The bridges share no path but the tunnel: a's has only its tunnel endpoint.
        QCOMPARE(portsOf(bridgeA), QStringList {tunnelA});
        QCOMPARE(portsOf(bridgeB), QStringList {tunnelB});

        // A stand-in for web's tap on host b: a namespace on b's bridge, at web's address.
        QCOMPARE(sh(QStringLiteral("ip netns del %1 2>/dev/null; ip link del %4 2>/dev/null; "
                                   "ip netns add %1 && ip link add %4 mtu %2 type veth peer name %5 "
                                   "&& ip link set %5 netns %1 && ip link set %4 master %3 up "
                                   "&& ip -n %1 addr add 10.251.0.11/24 dev %5 && ip -n %1 link set %5 mtu %2 up "
                                   "&& ip -n %1 link set lo up")
                        .arg(Namespace)
                        .arg(HostFabric::guestMtu())
                        .arg(bridgeB, VethHost, VethGuest)),
                 0);
        QVERIFY(QDir().mkpath(m_dir.filePath(QStringLiteral("www"))));
        QCOMPARE(sh(QStringLiteral("head -c 300000 /dev/urandom > %1/www/blob").arg(m_dir.path())), 0);
        QProcess server;
        server.setWorkingDirectory(m_dir.filePath(QStringLiteral("www")));
        server.start(QStringLiteral("ip"),
                     {QStringLiteral("netns"), QStringLiteral("exec"), Namespace, QStringLiteral("python3"),
                      QStringLiteral("-m"), QStringLiteral("http.server"), QStringLiteral("8111"),
                      QStringLiteral("--bind"), QStringLiteral("10.251.0.11")});
        QVERIFY(server.waitForStarted());
        // Until the server listens (a check inside the namespace: nothing crosses the tunnel yet).
        QTRY_COMPARE_WITH_TIMEOUT(
            sh(QStringLiteral("ip netns exec %1 ss -Hltn 'sport = :8111' | grep -q LISTEN").arg(Namespace)), 0, 10000);
        // Bytes, not packets: over loopback the kernel hands the tunnel aggregated frames.
        const qint64 txBefore = VmSupport::interfaceCounter(tunnelA, "tx_bytes");
        const qint64 rxBefore = VmSupport::interfaceCounter(tunnelA, "rx_bytes");
        QByteArray out;
        QCOMPARE(sh(QStringLiteral("curl -s -m 20 http://10.251.0.11:8111/blob | sha256sum"), &out), 0);
        QByteArray expected;
        sh(QStringLiteral("sha256sum < %1/www/blob").arg(m_dir.path()), &expected);
        QCOMPARE(out, expected); // 300 kB in full-size frames, through the tunnel
        QVERIFY2(VmSupport::interfaceCounter(tunnelA, "rx_bytes") - rxBefore > 300000,
                 qPrintable(
                     QStringLiteral("rx %1 → %2").arg(rxBefore).arg(VmSupport::interfaceCounter(tunnelA, "rx_bytes"))));
        QVERIFY(VmSupport::interfaceCounter(tunnelA, "tx_bytes") > txBefore);
        // Without the tunnel there is no way across.
        QCOMPARE(sh(QStringLiteral("ip link set %1 down").arg(tunnelA)), 0);
        QVERIFY(sh(QStringLiteral("curl -s -m 4 -o /dev/null http://10.251.0.11:8111/")) != 0);
        QCOMPARE(sh(QStringLiteral("ip link set %1 up").arg(tunnelA)), 0);
        server.kill();
        server.waitForFinished();
        sh(QStringLiteral("ip netns del %1").arg(Namespace));

        QStringList problems;
        QVERIFY2(networks.remove(m_made, &problems), qPrintable(problems.join(u'\n')));
        m_made.clear();
        Libvirt a(QStringLiteral("qemu:///system"));
        Libvirt b(remote);
        QVERIFY(!a.hasNetwork(m_plan.networks.at(0).name));
        QVERIFY(!b.hasNetwork(m_plan.networks.at(1).name));
        QVERIFY(!QFile::exists(QStringLiteral("/sys/class/net/") + tunnelA));
        QVERIFY(!QFile::exists(QStringLiteral("/sys/class/net/") + tunnelB));
        QVERIFY(!QFile::exists(QStringLiteral("/sys/class/net/") + bridgeB));
    }

    // A failure on one host removes what was made on every host: here host b's fabric is
    // Open vSwitch, which this machine does not have, so b fails after a's network, bridge
    // and tunnel were made; none of them may stay.
    void aFailureOnOneHostUndoesAllHosts()
    {
        BootPlan plan = twoHostPlan(fabricLab());
        QVERIFY(plan.networks.size() == 2 && plan.hosts.size() == 2);
        plan.hosts[1].fabric = QStringLiteral("ovs");
        plan.networks[1].fabric = QStringLiteral("ovs");
        QVERIFY(QStandardPaths::findExecutable(QStringLiteral("ovs-vsctl")).isEmpty());
        QStringList made;
        QString error;
        QVERIFY(!HostNetworks(plan).create(&made, &error));
        QVERIFY2(error.contains(QStringLiteral("on host b")) && error.contains(QStringLiteral("ovs-vsctl")),
                 qPrintable(error));
        QVERIFY(made.isEmpty());
        QVERIFY(!Libvirt(QStringLiteral("qemu:///system")).hasNetwork(plan.networks.at(0).name));
        QVERIFY(!Libvirt(m_remote).hasNetwork(plan.networks.at(1).name));
        QVERIFY(!QFile::exists(QStringLiteral("/sys/class/net/") + plan.networks.at(0).bridge));
        QVERIFY(!QFile::exists(
            QStringLiteral("/sys/class/net/")
            + HostFabric::tunnelName(plan.labName, plan.networks.at(0).labNetwork, QStringLiteral("a"))));
    }

    // A node's image reaches host b as a libvirt volume named by its digest: uploaded
    // through libvirt over the SSH URI, checked there, reused while the host holds that
    // digest, replaced when the copy there is damaged; overlays and seed disks beside it.
    // A node on another host: its console log is libvirt's there, and a failed boot's last
    // console lines are read through that host's shell (here: the test sshd).
    void aRemoteConsoleLogIsReadOnItsHost()
    {
        const QString log = m_dir.filePath(QStringLiteral("remote-console.log"));
        QFile f(log);
        QVERIFY(f.open(QIODevice::WriteOnly));
        for (int i = 1; i <= 40; ++i)
            f.write(QStringLiteral("console line %1\n").arg(i).toUtf8());
        f.close();
        QVERIFY(HostShell(m_remote).isRemote());
        const QString tail = SshWaiter::consoleTail(log, m_remote);
        QVERIFY2(tail.contains(QStringLiteral("console line 40"))
                     && !tail.contains(QStringLiteral("console line 20\n")),
                 qPrintable(tail));
        QVERIFY(tail.split(u'\n').size() <= SshWaiter::ConsoleLines);
        const QString missing = SshWaiter::consoleTail(m_dir.filePath(QStringLiteral("no-such.log")), m_remote);
        QVERIFY2(missing.contains(QStringLiteral("could not be read")), qPrintable(missing));
    }

    void imagesArriveAsVolumes()
    {
        QString error;
        const QString image = m_dir.filePath(QStringLiteral("node.qcow2"));
        QCOMPARE(
            sh(QStringLiteral("qemu-img create -q -f qcow2 %1 64M && qemu-io -c 'write -P 0x5a 0 2M' %1 >/dev/null")
                   .arg(image)),
            0);
        const QString digest = Sha256::ofFile(image);
        HostVolumes b(m_remote);
        QVERIFY2(b.isOpen(), qPrintable(b.openError()));
        m_volumes = {digest + QStringLiteral(".qcow2"), QStringLiteral("fabric-test-web.qcow2"),
                     QStringLiteral("fabric-test-seed.img")};
        for (const QString &v : std::as_const(m_volumes))
            b.remove(v, &error);
        bool reused = true;
        const QString path = b.image(image, digest, &reused, &error);
        QVERIFY2(!path.isEmpty(), qPrintable(error));
        QVERIFY(!reused);
        QCOMPARE(path, QStringLiteral("/var/lib/labforge/volumes/%1.qcow2").arg(digest));
        QCOMPARE(b.digestOnHost(path, &error), digest);
        QCOMPARE(b.image(image, digest, &reused, &error), path);
        QVERIFY(reused); // already there with that digest: nothing sent
        // A damaged copy on the host is not reused.
        QCOMPARE(sh(QStringLiteral("printf x | dd of=%1 bs=1 seek=4096 conv=notrunc status=none").arg(path)), 0);
        QCOMPARE(b.image(image, digest, &reused, &error), path);
        QVERIFY(!reused);
        QCOMPARE(b.digestOnHost(path, &error), digest);
        // A file that is not what its digest says never stays on the host.
        QVERIFY(b.image(image, QString(64, QLatin1Char('0')), &reused, &error).isEmpty());
        QVERIFY2(error.contains(QStringLiteral("arrived at")), qPrintable(error));
        QVERIFY(
            !QFile::exists(QStringLiteral("/var/lib/labforge/volumes/%1.qcow2").arg(QString(64, QLatin1Char('0')))));

        const QString overlay = b.overlay(m_volumes.at(1), path, 64 << 20, &error);
        QVERIFY2(!overlay.isEmpty(), qPrintable(error));
        QByteArray info;
        QCOMPARE(sh(QStringLiteral("qemu-img info --output=json %1").arg(overlay), &info), 0);
        QCOMPARE(QJsonDocument::fromJson(info).object().value(QStringLiteral("backing-filename")).toString(), path);
        const QString seed = b.copy(m_volumes.at(2), image, &error);
        QVERIFY2(!seed.isEmpty(), qPrintable(error));
        for (const QString &v : std::as_const(m_volumes))
            QVERIFY2(b.remove(v, &error), qPrintable(error));
        QVERIFY(!QFile::exists(path));
        m_volumes.clear();
    }
};

// Skipped (77) where VMs cannot run, like the other VM tests (libvirtd is their fixture).
int main(int argc, char **argv)
{
    TestVmFabric::initMain();
    QCoreApplication app(argc, argv);
    if (const int skip = VmSupport::skipUnlessVmsCanRun())
        return skip;
    TestVmFabric test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_vm_fabric.moc"
