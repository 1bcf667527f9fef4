// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// Placing a lab's nodes on its hosts: explicit placements kept, the rest largest first onto
// the host with the most memory left, refusals with the numbers; and each host's real
// capacity as libvirt reports it (the test driver here).
#include "BootPlanner.h"
#include "FeatureModules.h"
#include "HostFabric.h"
#include "HostNetworks.h"
#include "HostPlacement.h"
#include "HostProbe.h"
#include "HostRun.h"
#include "HostShell.h"
#include "Lab.h"
#include "LibvirtXml.h"
#include "TestLabs.h"

#include <QJsonObject>
#include <QTest>

using namespace Labforge;

namespace {

HostPlacement::Capacity host(const char *name, qint64 usableMiB, int cpus = 8)
{
    HostPlacement::Capacity c;
    c.host = QString::fromLatin1(name);
    c.memoryMiB = usableMiB * 2;
    c.availableMiB = usableMiB;
    c.cpus = cpus;
    return c;
}

Lab twoHostLab()
{
    Lab lab = TestLabs::builtIn(QStringLiteral("slurm-hpc"));
    lab.hosts = {LabHost {QStringLiteral("a"), QStringLiteral("qemu:///system"), QStringLiteral("10.0.0.1")},
                 LabHost {QStringLiteral("b"), QStringLiteral("qemu+ssh://root@b/system"), QStringLiteral("10.0.0.2")}};
    return lab;
}

BootPlan planOf(const Lab &lab)
{
    return BootPlanner::plan(lab, {}, BootPlanner::Options {});
}

} // namespace

class TestHostPlacement : public QObject
{
    Q_OBJECT

public:
    static void initMain() { FeatureModules::install(); }

private Q_SLOTS:
    void largestFirstOntoTheHostWithMostLeft()
    {
        const Lab lab = twoHostLab();
        const BootPlan plan = planOf(lab);
        // 24 GiB in all: six nodes of 4 GiB.
        QCOMPARE(plan.totalMemoryMiB(), 24LL * 1024);
        const auto r = HostPlacement::place(lab, plan, {host("a", 16LL * 1024), host("b", 12LL * 1024)});
        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(r.hostOfNode.size(), plan.domains.size());
        QCOMPARE(r.hostOfNode.value(QStringLiteral("controller")), QStringLiteral("a")); // first, onto the larger
        // Then whichever has more left (a on a tie): a 12/b 12 → a, b, a, b, a.
        QCOMPARE(r.loads.at(0).nodes.size(), 4);
        QCOMPARE(r.loads.at(1).nodes.size(), 2);
        QCOMPARE(r.loads.at(0).memoryMiB + r.loads.at(1).memoryMiB, qint64(24LL * 1024));
        QVERIFY(r.loads.at(0).memoryMiB <= 16LL * 1024);
        QVERIFY(r.loads.at(1).memoryMiB <= 12LL * 1024);
    }

    void explicitPlacementsAreKept()
    {
        Lab lab = twoHostLab();
        lab.node(QStringLiteral("controller"))->placementHost = QStringLiteral("b");
        lab.node(QStringLiteral("storage"))->placementHost = QStringLiteral("b");
        const auto r = HostPlacement::place(lab, planOf(lab), {host("a", 20LL * 1024), host("b", 12LL * 1024)});
        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(r.hostOfNode.value(QStringLiteral("controller")), QStringLiteral("b"));
        QCOMPARE(r.hostOfNode.value(QStringLiteral("storage")), QStringLiteral("b"));
        // b keeps 2 GiB after its 10: every other node goes to a except one that fits b's rest.
        QVERIFY(r.loads.at(1).memoryMiB <= 12LL * 1024);
    }

    void aLabThatDoesNotFitIsRefusedWithTheNumbers()
    {
        const Lab lab = twoHostLab();
        const auto r = HostPlacement::place(lab, planOf(lab), {host("a", 10LL * 1024), host("b", 10LL * 1024)});
        QVERIFY(!r.ok);
        QVERIFY2(r.error.contains(QStringLiteral("no host can take it")), qPrintable(r.error));
        QVERIFY2(r.error.contains(QStringLiteral("GiB left")), qPrintable(r.error));

        Lab pinned = twoHostLab();
        pinned.node(QStringLiteral("controller"))->placementHost = QStringLiteral("a");
        pinned.node(QStringLiteral("compute-1"))->placementHost = QStringLiteral("a");
        pinned.node(QStringLiteral("compute-2"))->placementHost = QStringLiteral("a");
        const auto over =
            HostPlacement::place(pinned, planOf(pinned), {host("a", 10LL * 1024), host("b", 20LL * 1024)});
        QVERIFY(!over.ok);
        QVERIFY2(over.error.contains(QStringLiteral("host a is given 12.0 GiB of guest memory (controller, compute-1, "
                                                    "compute-2) but can give 10.0 GiB")),
                 qPrintable(over.error));
    }

    void unreachableHostsAndLimits()
    {
        Lab lab = twoHostLab();
        HostPlacement::Capacity down = host("b", 0);
        down.error = QStringLiteral("cannot connect");
        auto r = HostPlacement::place(lab, planOf(lab), {host("a", 30LL * 1024), down});
        QVERIFY2(r.ok, qPrintable(r.error)); // all on a
        QCOMPARE(r.loads.at(1).nodes.size(), 0);
        lab.node(QStringLiteral("login-ops"))->placementHost = QStringLiteral("b");
        r = HostPlacement::place(lab, planOf(lab), {host("a", 30LL * 1024), down});
        QVERIFY(!r.ok);
        QVERIFY2(r.error.contains(QStringLiteral("node login-ops is placed on host b, which cannot be asked")),
                 qPrintable(r.error));

        // The file's limits and the host's CPUs.
        HostPlacement::Capacity limited = host("a", 30LL * 1024);
        limited.maxMemoryGb = 3;
        QCOMPARE(limited.usableMiB(), qint64(3072));
        HostPlacement::Capacity few = host("b", 30LL * 1024, 1);
        r = HostPlacement::place(twoHostLab(), planOf(twoHostLab()), {limited, few});
        QVERIFY(!r.ok); // a is too small for any node, b too narrow for the 2-vCPU controller
        QVERIFY2(r.error.contains(QStringLiteral("node controller needs 4.0 GiB and 2 vCPU(s); no host can take it "
                                                 "(a 3.0 GiB left, 8 CPU(s); b 30.0 GiB left, 1 CPU(s))")),
                 qPrintable(r.error));
    }

    void usableMemoryLeavesTheHostItsShare()
    {
        HostPlacement::Capacity c;
        c.memoryMiB = 10000;
        c.availableMiB = 9000;
        c.runningDomainsMiB = 2000;
        c.cpus = 4;
        QCOMPARE(c.usableMiB(), qint64(6500)); // 85 % of 10000, less the running domains
        c.availableMiB = 3000;
        QCOMPARE(c.usableMiB(), qint64(3000)); // no more than is free now
    }

    // Each lab network becomes a bridge per host with a node on it; the gateway host (the
    // local one) carries every network, the gateway address and NAT.
    void networksSpreadOverTheHosts()
    {
        Lab lab = twoHostLab();
        BootPlan plan = planOf(lab);
        plan.hosts = {BootPlan::Host {QStringLiteral("b"), QStringLiteral("qemu+ssh://root@b/system"),
                                      QStringLiteral("10.0.0.2"), 4789, QStringLiteral("ovs")},
                      BootPlan::Host {QStringLiteral("a"), QStringLiteral("qemu:///system"), QStringLiteral("10.0.0.1"),
                                      4789, QStringLiteral("linux-bridge")}};
        for (BootPlan::Domain &d : plan.domains)
            d.host = QStringLiteral("b"); // every node on the remote host
        BootPlanner::spreadOverHosts(plan);
        QCOMPARE(BootPlanner::gatewayHost(plan), QStringLiteral("a"));
        QCOMPARE(plan.networks.size(), 2); // the lab network on b (its nodes) and on a (the gateway)
        const BootPlan::Network &onB = plan.networks.at(0);
        const BootPlan::Network &onA = plan.networks.at(1);
        QCOMPARE(onB.host, QStringLiteral("b"));
        QVERIFY(onB.gateway.isEmpty());
        QVERIFY(!onB.nat);
        QCOMPARE(onA.gateway, QStringLiteral("10.103.0.1"));
        QCOMPARE(onA.mtu, 1450);
        QCOMPARE(plan.domains.at(0).interfaces.at(0).network, onB.name);
        QCOMPARE(plan.domains.at(0).interfaces.at(0).mtu, 1450);
        QVERIFY(LibvirtXml::domain(plan.domains.at(0), BootPlan::Accel::Tcg, lab.name, QStringLiteral("run"))
                    .contains("<mtu size=\"1450\"/>"));
        // libvirt: an ovs network attaches to labforge's bridge; a linux-bridge one is libvirt's.
        const QByteArray ovsXml = LibvirtXml::network(onB);
        QVERIFY(ovsXml.contains("<forward mode=\"bridge\"/>"));
        QVERIFY(ovsXml.contains("<virtualport type=\"openvswitch\"/>"));
        QVERIFY(!ovsXml.contains("<ip"));
        QVERIFY(LibvirtXml::network(onA).contains("<mtu size=\"1450\"/>"));
        QVERIFY(LibvirtXml::network(onA).contains("<ip address=\"10.103.0.1\""));

        // The segments: the same key on both hosts, each endpoint aimed at the other.
        const HostNetworks networks(plan);
        const HostFabric::Segment b = networks.segment(onB);
        const HostFabric::Segment a = networks.segment(onA);
        QCOMPARE(b.peers.size(), 1);
        QCOMPARE(b.peers.at(0).name, QStringLiteral("a"));
        const QList<QStringList> ovs = HostFabric::joinCommands(b);
        QCOMPARE(ovs.size(), 1);
        const QString key = QStringLiteral("options:key=%1").arg(HostFabric::vni(lab.name, onB.labNetwork));
        QVERIFY(ovs.at(0).contains(key));
        QVERIFY(ovs.at(0).contains(QStringLiteral("options:remote_ip=10.0.0.1")));
        QCOMPARE(HostFabric::prepareCommands(b).at(0).mid(0, 4),
                 (QStringList {QStringLiteral("ovs-vsctl"), QStringLiteral("--may-exist"), QStringLiteral("add-br"),
                               onB.bridge}));
        const QList<QStringList> linux = HostFabric::joinCommands(a);
        QVERIFY(linux.at(0).contains(QString::number(HostFabric::vni(lab.name, onB.labNetwork))));
        QCOMPARE(linux.at(1).join(u' '),
                 QStringLiteral("bridge fdb append 00:00:00:00:00:00 dev %1 dst 10.0.0.2 port 4789")
                     .arg(HostFabric::tunnelName(lab.name, onB.labNetwork, QStringLiteral("a"))));
        // Linux interface names: at most 15 characters, distinct per host.
        for (const QString &name :
             {onA.bridge, onB.bridge, HostFabric::tunnelName(lab.name, QStringLiteral("x"), QStringLiteral("a")),
              HostFabric::tunnelName(lab.name, QStringLiteral("x"), QStringLiteral("a"), 12)})
            QVERIFY2(name.size() <= 15, qPrintable(name));
        QVERIFY(onA.bridge != onB.bridge);

        // An ovs gateway host: labforge gives its bridge the gateway address and, for a network
        // that masquerades, NAT rules tagged with the lab and network (libvirt does neither for
        // an ovs network); the other hosts' bridges get neither.
        plan.hosts[1].fabric = QStringLiteral("ovs");
        for (BootPlan::Network &n : plan.networks)
            n.fabric = QStringLiteral("ovs");
        plan.networks[1].nat = true;
        const HostNetworks allOvs(plan);
        const HostFabric::Segment gateway = allOvs.segment(plan.networks.at(1));
        const QString bridge = HostFabric::bridgeName(lab.name, onA.labNetwork, QStringLiteral("a"));
        QStringList prepare;
        for (const QStringList &c : HostFabric::prepareCommands(gateway))
            prepare.append(c.join(u' '));
        const QString tag = QStringLiteral("-m comment --comment labforge:%1/%2").arg(lab.name, onA.labNetwork);
        QVERIFY2(prepare.contains(QStringLiteral("ip address replace 10.103.0.1/24 dev ") + bridge),
                 qPrintable(prepare.join(u'\n')));
        QVERIFY(prepare.contains(
            QStringLiteral("iptables -t nat -A POSTROUTING -s 10.103.0.0/24 ! -d 10.103.0.0/24 %1 -j MASQUERADE")
                .arg(tag)));
        QVERIFY(prepare.contains(QStringLiteral("iptables -I FORWARD -i %1 %2 -j ACCEPT").arg(bridge, tag)));
        QStringList removal;
        for (const QStringList &c : HostFabric::removeCommands(gateway))
            removal.append(c.join(u' '));
        QVERIFY(removal.contains(
            QStringLiteral("iptables -t nat -D POSTROUTING -s 10.103.0.0/24 ! -d 10.103.0.0/24 %1 -j MASQUERADE")
                .arg(tag)));
        QVERIFY(removal.contains(QStringLiteral("iptables -D FORWARD -i %1 %2 -j ACCEPT").arg(bridge, tag)));
        QCOMPARE(removal.last(), QStringLiteral("ovs-vsctl --if-exists del-br ") + bridge);
        for (const QStringList &c : HostFabric::prepareCommands(allOvs.segment(plan.networks.at(0))))
            QVERIFY2(c.first() == QLatin1String("ovs-vsctl") || c.mid(0, 3).join(u' ') == QLatin1String("ip link set"),
                     qPrintable(c.join(u' ')));
    }

    // What a run across hosts records is enough for `down` to find everything again.
    void theRecordNamesEveryHostsPart()
    {
        const Lab lab = twoHostLab();
        BootPlan plan = planOf(lab);
        // The gateway host on ovs, which masquerades: its NAT rules are removed from the record too.
        plan.hosts = {BootPlan::Host {QStringLiteral("a"), QStringLiteral("qemu:///system"), QStringLiteral("10.0.0.1"),
                                      4789, QStringLiteral("ovs")},
                      BootPlan::Host {QStringLiteral("b"), QStringLiteral("qemu+ssh://root@b/system"),
                                      QStringLiteral("10.0.0.2"), 4790, QStringLiteral("linux-bridge")}};
        for (int i = 0; i < plan.domains.size(); ++i)
            plan.domains[i].host = i % 2 ? QStringLiteral("b") : QStringLiteral("a");
        BootPlanner::spreadOverHosts(plan);
        QVERIFY(std::any_of(plan.networks.begin(), plan.networks.end(),
                            [](const BootPlan::Network &n) { return n.nat && n.fabric == QLatin1String("ovs"); }));
        const QJsonObject record = HostRun::record(plan);
        QCOMPARE(record.value(QStringLiteral("domains")).toObject().value(plan.domains.at(1).name).toString(),
                 QStringLiteral("qemu+ssh://root@b/system"));
        const BootPlan again = HostRun::planOf(lab.name, record);
        QCOMPARE(again.hosts.size(), 2);
        QCOMPARE(again.hosts.at(1).tunnelPort, 4790);
        QCOMPARE(again.networks.size(), plan.networks.size());
        const HostNetworks fromRecord(again);
        const HostNetworks fromPlan(plan);
        for (int i = 0; i < plan.networks.size(); ++i) {
            QCOMPARE(HostFabric::removeCommands(fromRecord.segment(again.networks.at(i))),
                     HostFabric::removeCommands(fromPlan.segment(plan.networks.at(i))));
            QCOMPARE(HostFabric::joinCommands(fromRecord.segment(again.networks.at(i))),
                     HostFabric::joinCommands(fromPlan.segment(plan.networks.at(i))));
        }
        QVERIFY(HostRun::isElsewhere(QStringLiteral("qemu+ssh://root@b/system")));
        QVERIFY(!HostRun::isElsewhere(QStringLiteral("qemu:///system")));
    }

    // A qemu+ssh host's commands run through ssh with the URI's user, port and key; each
    // argument one quoted word for the remote shell.
    void hostShellReachesTheURIsHost()
    {
        const HostShell local(QStringLiteral("qemu:///system"));
        QVERIFY(!local.isRemote());
        QCOMPARE(local.commandLine({QStringLiteral("ip"), QStringLiteral("link")}),
                 (QStringList {QStringLiteral("ip"), QStringLiteral("link")}));
        const HostShell remote(QStringLiteral("qemu+ssh://ops@h.example:2222/system?keyfile=/k&no_verify=1"));
        QVERIFY(remote.isRemote());
        const QStringList line = remote.commandLine({QStringLiteral("ip"), QStringLiteral("a b;reboot")});
        QCOMPARE(line.first(), QStringLiteral("ssh"));
        QVERIFY(line.join(u' ').contains(QStringLiteral("-p 2222")));
        QVERIFY(line.join(u' ').contains(QStringLiteral("-i /k")));
        QVERIFY(line.contains(QStringLiteral("StrictHostKeyChecking=no")));
        QCOMPARE(
            line.mid(line.size() - 3),
            (QStringList {QStringLiteral("--"), QStringLiteral("ops@h.example"), QStringLiteral("'ip' 'a b;reboot'")}));
    }

    // A real libvirt connection: the test driver's node (16 CPUs, 3 GiB).
    void probeAsksLibvirt()
    {
        const LabHost test {QStringLiteral("t"), QStringLiteral("test:///default")};
        const HostPlacement::Capacity c = HostProbe::probe(test);
        QVERIFY2(c.error.isEmpty(), qPrintable(c.error));
        QCOMPARE(c.cpus, 16);
        QCOMPARE(c.memoryMiB, qint64(3072));
        QCOMPARE(c.host, QStringLiteral("t"));
        const LabHost nowhere {QStringLiteral("n"), QStringLiteral("qemu+ssh://root@127.0.0.1:1/system?no_tty=1")};
        const auto both = HostProbe::probe(QList<LabHost> {test, nowhere});
        QCOMPARE(both.size(), 2);
        QVERIFY(both.at(0).error.isEmpty());
        QVERIFY(!both.at(1).error.isEmpty());
        QVERIFY2(both.at(1).error.contains(QStringLiteral("cannot connect to libvirt")), qPrintable(both.at(1).error));
        // A URI a lab file may not give is not opened at all: libvirt would run its command=.
        const LabHost hostile {QStringLiteral("h"),
                               QStringLiteral("qemu+ssh://ops@127.0.0.1:1/system?command=/usr/bin/touch&no_tty=1")};
        const HostPlacement::Capacity refused = HostProbe::probe(hostile);
        QVERIFY2(refused.error.contains(QStringLiteral("has the parameter \"command\"")), qPrintable(refused.error));
        const LabHost localFile {QStringLiteral("k"),
                                 QStringLiteral("qemu+ssh://ops@127.0.0.1:1/system?keyfile=/etc/shadow")};
        QVERIFY2(HostProbe::probe(localFile).error.contains(QStringLiteral("keyfile=")),
                 qPrintable(HostProbe::probe(localFile).error));
    }
};

QTEST_GUILESS_MAIN(TestHostPlacement)
#include "tst_hostplacement.moc"
