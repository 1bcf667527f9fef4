// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// The live-lab verbs on a booted lab, as a user drives them from the command line: the nfs-pair
// lab brought up with `labforge up`, then ssh and exec, status and orphans, the serial console,
// a node stopped and started, a link cut, impaired and captured, snapshots saved and restored,
// and `labforge down`, which leaves nothing behind. The lab comes up on this test's own cache
// root; nothing depends on another VM test having run.
#include "CliRun.h"
#include "FeatureModules.h"
#include "LabRunner.h"
#include "Libvirt.h"
#include "LibvirtXml.h"
#include "RunLock.h"
#include "RunStatus.h"
#include "RunTeardown.h"
#include "RunnerPaths.h"
#include "TestLabs.h"
#include "VmSupport.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTest>

using namespace Labforge;
using namespace Labforge::VmSupport;

namespace {

const QString Uri = QStringLiteral("qemu:///system");
const QString LabName = QStringLiteral("nfs-pair");
// The lab of the domain the test makes behind the run's back (an orphan), and removes.
const QString GhostLab = QStringLiteral("ghost-lab");
// The storage node's address on the vmstore network, and on vmtest.
const QString StorageOnStore = QStringLiteral("10.223.0.40");
const QString StorageOnTest = QStringLiteral("10.213.0.40");

using Said = CliRun;

QString labFile()
{
    return TestLabs::sourceDir() + QStringLiteral("/tests/data/labs/nfs-pair.lab.json");
}

} // namespace

class TestVmLiveLab : public QObject
{
    Q_OBJECT

public:
    static void initMain() { FeatureModules::install(); }

private:
    QString m_artifacts;
    QString m_labforge;
    QString m_runDir;

    static Said cli(const QStringList &args, int timeoutMs = 120000) { return CliRun::run(args, timeoutMs); }

    Said ping(const QString &address, const QString &count) const
    {
        return cli({QStringLiteral("exec"), LabName, QStringLiteral("client"), QStringLiteral("--"),
                    QStringLiteral("ping -n -q -c %1 -i 0.2 -W 2 %2").arg(count, address)});
    }

    Said linkDo(const QString &action, const QStringList &more = {}) const
    {
        return cli(QStringList {QStringLiteral("link"), action, LabName, QStringLiteral("client"),
                                QStringLiteral("storage"), QStringLiteral("--network"), QStringLiteral("vmstore")}
                   + more);
    }

    Said snapshot(const QString &action, const QStringList &more = {}) const
    {
        return cli(QStringList {QStringLiteral("snapshot"), action, LabName} + more);
    }

    static double rttAverage(const QString &pingOut)
    {
        static const QRegularExpression rtt(QStringLiteral("= [0-9.]+/([0-9.]+)/"));
        return rtt.match(pingOut).captured(1).toDouble();
    }

private Q_SLOTS:
    void initTestCase()
    {
        Libvirt virt(Uri);
        QVERIFY2(virt.isOpen(), qPrintable(virt.openError()));
        m_labforge = qEnvironmentVariable("LABFORGE_BINARY");
        QVERIFY2(QFileInfo(m_labforge).isExecutable(), "LABFORGE_BINARY names no program");
        m_artifacts =
            qEnvironmentVariable("LABFORGE_VM_ARTIFACTS", QDir::tempPath() + QStringLiteral("/labforge-vm-livelab"));
        QDir().mkpath(m_artifacts);
        QString error;
        RunTeardown::removeOrphans(Uri, GhostLab, {}, &error, nullptr); // this test's ghost, if a run left it
        m_runDir = RunnerPaths::run(LabName, &error);
        QVERIFY2(!m_runDir.isEmpty(), qPrintable(error));
        // Up as a user brings it up, scenarios left for later: every verb below needs it.
        const Said up = cli({QStringLiteral("up"), labFile(), QStringLiteral("--uri"), Uri,
                             QStringLiteral("--memory-scale"), QStringLiteral("0.25"), QStringLiteral("--isolated"),
                             QStringLiteral("--yes"), QStringLiteral("--jobs"), QStringLiteral("2"),
                             QStringLiteral("--ssh-timeout"), QStringLiteral("600"), QStringLiteral("--no-test")},
                            1200000);
        QVERIFY2(up.code == 0, qPrintable(up.out.right(3000) + up.err.right(3000)));
        QVERIFY2(QFile::exists(m_runDir + QStringLiteral("/ssh_config")), qPrintable(m_runDir));
    }

    // One command on a node with its exit status passed through, the same on every node at once
    // with each line prefixed and the worst status, a role's nodes, and plain ssh -F on the run's
    // ssh_config.
    void sshAndExecReachTheNodes()
    {
        const Said host = cli({QStringLiteral("ssh"), LabName, QStringLiteral("storage"), QStringLiteral("--"),
                               QStringLiteral("hostname; exit 7")});
        QVERIFY2(host.code == 7, qPrintable(QString::number(host.code) + QLatin1Char(' ') + host.err));
        QCOMPARE(host.out.trimmed(), QStringLiteral("storage"));
        const Said all = cli({QStringLiteral("exec"), LabName, QStringLiteral("--all"), QStringLiteral("--"),
                              QStringLiteral("hostname; [ \"$(hostname)\" = client ] && exit 3; exit 0")});
        QCOMPARE(all.code, 3);
        QVERIFY2(all.out.contains(QStringLiteral("storage | storage\n"))
                     && all.out.contains(QStringLiteral("client | client\n")),
                 qPrintable(all.out + all.err));
        QVERIFY2(all.err.contains(QStringLiteral("client exited with 3")), qPrintable(all.err));
        // --role picks the nodes of a role, as the run recorded them.
        const Said role = cli({QStringLiteral("exec"), LabName, QStringLiteral("--role"), QStringLiteral("storage"),
                               QStringLiteral("--"), QStringLiteral("hostname")});
        QVERIFY2(role.code == 0 && role.out == QStringLiteral("storage | storage\n"), qPrintable(role.out + role.err));
        const Said noRole = cli({QStringLiteral("exec"), LabName, QStringLiteral("--role"), QStringLiteral("compute"),
                                 QStringLiteral("--"), QStringLiteral("true")});
        QCOMPARE(noRole.code, 2);
        QVERIFY2(noRole.err.contains(QStringLiteral("no node of role compute"))
                     && noRole.err.contains(QStringLiteral("client=generic")),
                 qPrintable(noRole.err));
        const Said unknown = cli({QStringLiteral("ssh"), LabName, QStringLiteral("nosuchnode"), QStringLiteral("--"),
                                  QStringLiteral("true")});
        QCOMPARE(unknown.code, 2);
        QVERIFY2(unknown.err.contains(QStringLiteral("has no node nosuchnode")), qPrintable(unknown.err));
        QProcess plain;
        plain.start(QStringLiteral("ssh"),
                    {QStringLiteral("-F"), m_runDir + QStringLiteral("/ssh_config"), QStringLiteral("client"),
                     QStringLiteral("hostname")});
        QVERIFY(plain.waitForFinished(120000));
        QCOMPARE(QString::fromUtf8(plain.readAllStandardOutput()).trimmed(), QStringLiteral("client"));
    }

    // What is up: `status --json` names this run, both nodes running at their addresses; a
    // domain made behind the run's back with labforge's metadata is an orphan, with the command
    // that removes it, which removes it and nothing of the run.
    void statusNamesTheRunAndItsOrphans()
    {
        const QString ghost = QStringLiteral("labforge-ghost-orphan");
        QString error;
        {
            Libvirt virt(Uri);
            QVERIFY2(virt.defineDomain(QStringLiteral("<domain type='qemu'><name>%1</name><metadata><labforge:node "
                                                      "xmlns:labforge='%2' lab='%3' node='a' run='r1'/>"
                                                      "</metadata><memory unit='MiB'>64</memory><os><type "
                                                      "arch='x86_64' machine='pc'>hvm</type></os></domain>")
                                           .arg(ghost, LibvirtXml::metadataNamespace(), GhostLab)
                                           .toUtf8(),
                                       &error),
                     qPrintable(error));
        }
        const Said st = cli({QStringLiteral("status"), QStringLiteral("--json")});
        QCOMPARE(st.code, 1); // an orphan was found
        const QJsonObject status = QJsonDocument::fromJson(st.out.toUtf8()).object();
        QJsonObject thisRun;
        for (const QJsonValue r : status.value(QStringLiteral("runs")).toArray()) {
            if (r.toObject().value(QStringLiteral("lab")).toString() == LabName)
                thisRun = r.toObject();
        }
        QVERIFY2(thisRun.value(QStringLiteral("running")).toInt() == 2, qPrintable(st.out + st.err));
        for (const QJsonValue n : thisRun.value(QStringLiteral("nodes")).toArray()) {
            QCOMPARE(n.toObject().value(QStringLiteral("state")).toString(), QStringLiteral("running"));
            QVERIFY(n.toObject().value(QStringLiteral("address")).toString().startsWith(QLatin1String("10.")));
            QVERIFY(n.toObject().value(QStringLiteral("uptime_s")).toInt() > 0);
        }
        // Up without its scenarios: no verdict yet.
        QVERIFY2(thisRun.value(QStringLiteral("verdict")).toString() != QStringLiteral("failed"), qPrintable(st.out));
        // The host may hold other labforge leftovers (other checkouts, other caches): they are
        // orphans too, and no business of this test, which removes only its ghost's lab's.
        const auto orphansOf = [](const QJsonObject &s) {
            QStringList out;
            for (const QJsonValue o : s.value(QStringLiteral("orphans")).toArray())
                out.append(o.toObject().value(QStringLiteral("lab")).toString() + u'/'
                           + o.toObject().value(QStringLiteral("name")).toString());
            return out;
        };
        QJsonObject ghostEntry;
        for (const QJsonValue o : status.value(QStringLiteral("orphans")).toArray()) {
            if (o.toObject().value(QStringLiteral("name")).toString() == ghost)
                ghostEntry = o.toObject();
            QVERIFY2(o.toObject().value(QStringLiteral("lab")).toString() != LabName, qPrintable(st.out));
        }
        QVERIFY2(ghostEntry.value(QStringLiteral("kind")).toString() == QStringLiteral("domain")
                     && ghostEntry.value(QStringLiteral("lab")).toString() == GhostLab
                     && ghostEntry.value(QStringLiteral("remove_with")).toString()
                         == QStringLiteral("labforge down --orphans"),
                 qPrintable(st.out));
        const Said removed = cli({QStringLiteral("down"), QStringLiteral("--orphans"), GhostLab});
        QVERIFY2(removed.code == 0 && removed.out.contains(QStringLiteral("removed orphan domain ") + ghost)
                     && removed.out.contains(QStringLiteral("1 orphan(s) removed")),
                 qPrintable(removed.out + removed.err));
        const Said after = cli({QStringLiteral("status"), QStringLiteral("--json")});
        QStringList expected = orphansOf(status);
        expected.removeAll(GhostLab + u'/' + ghost);
        QCOMPARE(orphansOf(QJsonDocument::fromJson(after.out.toUtf8()).object()), expected);
        QCOMPARE(after.code, expected.isEmpty() ? 0 : 1);
        const Said clean = cli({QStringLiteral("status"), LabName});
        QVERIFY2(clean.code == 0 && clean.out.contains(LabName + QStringLiteral(": 2 of 2 node(s) running")),
                 qPrintable(clean.out + clean.err));
    }

    // The serial console, through libvirt's console stream: a return brings the login prompt;
    // the read-only viewer follows the same console's log without taking it.
    void consoleShowsTheLogin()
    {
        QProcess console;
        console.start(m_labforge,
                      {QStringLiteral("console"), LabName, QStringLiteral("storage"), QStringLiteral("--seconds"),
                       QStringLiteral("6")});
        QVERIFY(console.waitForStarted(10000));
        // Time for the console to attach before the return goes in: the command names the
        // console before it attaches, and nothing after.
        QTest::qWait(1500);
        console.write("\r");
        console.closeWriteChannel();
        QVERIFY(console.waitForFinished(60000));
        const QString shown = QString::fromUtf8(console.readAllStandardOutput());
        const QString said = QString::fromUtf8(console.readAllStandardError());
        QVERIFY2(console.exitCode() == 0 && shown.contains(QStringLiteral("storage login:")), qPrintable(shown + said));
        QVERIFY2(said.contains(QStringLiteral("Ctrl+] detaches")), qPrintable(said));
        const Said view = cli({QStringLiteral("console"), LabName, QStringLiteral("storage"),
                               QStringLiteral("--read-only"), QStringLiteral("--seconds"), QStringLiteral("1")});
        QVERIFY2(view.code == 0 && view.out.contains(QStringLiteral("login:")), qPrintable(view.out + view.err));
    }

    // One node stopped and started again: it answers over SSH with a new boot, and the lab is
    // whole again.
    void aNodeStopsAndStartsAgain()
    {
        const QString bootId = QStringLiteral("cat /proc/sys/kernel/random/boot_id");
        const QString bootBefore =
            cli({QStringLiteral("ssh"), LabName, QStringLiteral("client"), QStringLiteral("--"), bootId}).out;
        // (These images do not yet act on the ACPI power button: the stop ends in the power-off
        // after --timeout, which the message says.)
        const Said stop = cli({QStringLiteral("node"), QStringLiteral("stop"), LabName, QStringLiteral("client"),
                               QStringLiteral("--timeout"), QStringLiteral("20")});
        QVERIFY2(stop.code == 0
                     && (stop.out.contains(QStringLiteral("node client powered itself off"))
                         || stop.out.contains(QStringLiteral("did not power itself off within 20 s: powered off"))),
                 qPrintable(stop.out + stop.err));
        QVERIFY(cli({QStringLiteral("status"), LabName}).out.contains(QStringLiteral("1 of 2 node(s) running")));
        const Said start = cli({QStringLiteral("node"), QStringLiteral("start"), LabName, QStringLiteral("client")});
        QVERIFY2(start.code == 0 && start.out.contains(QStringLiteral("SSH answered")),
                 qPrintable(start.out + start.err));
        const QString bootAfter =
            cli({QStringLiteral("ssh"), LabName, QStringLiteral("client"), QStringLiteral("--"), bootId}).out;
        QVERIFY2(!bootAfter.trimmed().isEmpty() && bootAfter != bootBefore, qPrintable(bootBefore + bootAfter));
    }

    // The link client - storage on vmstore: cut (the other network still carries), shown,
    // restored; impaired by 100 ms (added to the round trip); captured with its ICMP.
    void aLinkIsCutImpairedAndCaptured()
    {
        const Said before = ping(StorageOnStore, QStringLiteral("5"));
        QVERIFY2(before.code == 0, qPrintable(before.out + before.err));
        const double baseline = rttAverage(before.out);
        const Said ambiguous = cli({QStringLiteral("link"), QStringLiteral("down"), LabName, QStringLiteral("client"),
                                    QStringLiteral("storage")});
        QVERIFY2(ambiguous.code == 1 && ambiguous.err.contains(QStringLiteral("share 2 networks")),
                 qPrintable(ambiguous.err));
        const Said cut = linkDo(QStringLiteral("down"));
        QVERIFY2(cut.code == 0, qPrintable(cut.out + cut.err));
        QCOMPARE(ping(StorageOnStore, QStringLiteral("1")).code, 1);
        QCOMPARE(ping(StorageOnTest, QStringLiteral("1")).code, 0); // vmtest still carries
        const QString shown = cli({QStringLiteral("link"), QStringLiteral("show"), LabName}).out;
        QVERIFY2(shown.contains(QStringLiteral("client -> storage on labforge-nfs-pair-vmstore: cut")),
                 qPrintable(shown));
        QCOMPARE(linkDo(QStringLiteral("up")).code, 0);
        QCOMPARE(ping(StorageOnStore, QStringLiteral("1")).code, 0);
        const Said impair = linkDo(QStringLiteral("impair"), {QStringLiteral("--delay"), QStringLiteral("100")});
        if (impair.code != 0 && impair.err.contains(QStringLiteral("qdisc kind is unknown"))) {
            // A host kernel without the prio and netem qdiscs: the impairment cannot be made
            // here, and the command says why.
            qInfo("this host's kernel has no netem: the impairment is not proven here (%s)", qPrintable(impair.err));
        } else {
            QVERIFY2(impair.code == 0, qPrintable(impair.out + impair.err));
            const Said slow = ping(StorageOnStore, QStringLiteral("5"));
            QVERIFY2(slow.code == 0, qPrintable(slow.out + slow.err));
            const double added = rttAverage(slow.out) - baseline;
            qInfo("round trip client -> storage: %.1f ms, with a 100 ms impairment %.1f ms", baseline,
                  rttAverage(slow.out));
            QVERIFY2(added >= 90 && added <= 110, qPrintable(QString::number(added)));
        }
        const QString pcap = m_artifacts + QStringLiteral("/client-storage.pcap");
        QFile::remove(pcap);
        QProcess capture;
        capture.start(m_labforge,
                      {QStringLiteral("capture"), LabName, QStringLiteral("client"), QStringLiteral("storage"),
                       QStringLiteral("--network"), QStringLiteral("vmstore"), QStringLiteral("-w"), pcap,
                       QStringLiteral("--duration"), QStringLiteral("8")});
        QVERIFY(capture.waitForStarted(10000));
        // Until tcpdump captures: the file it writes beside the target (renamed over it when the
        // capture ends) holds the pcap header once the tap is open.
        const auto capturing = [&] {
            const QFileInfoList beside =
                QDir(QFileInfo(pcap).absolutePath())
                    .entryInfoList({QStringLiteral(".labforge-*-client-storage.pcap")}, QDir::Files | QDir::Hidden);
            return !beside.isEmpty() && beside.first().size() >= 24;
        };
        QTRY_VERIFY_WITH_TIMEOUT(capturing(), 10000);
        QVERIFY(!QFileInfo::exists(pcap)); // not before the capture is whole
        QCOMPARE(ping(StorageOnStore, QStringLiteral("3")).code, 0);
        QVERIFY(capture.state() == QProcess::NotRunning || capture.waitForFinished(60000));
        QVERIFY2(capture.exitCode() == 0, capture.readAllStandardError().constData());
        QProcess read;
        read.start(QStringLiteral("tcpdump"),
                   {QStringLiteral("-n"), QStringLiteral("-r"), pcap, QStringLiteral("icmp")});
        QVERIFY(read.waitForFinished(30000));
        const QString icmp = QString::fromUtf8(read.readAllStandardOutput());
        QVERIFY2(icmp.count(QStringLiteral("ICMP echo request")) >= 3
                     && icmp.count(QStringLiteral("ICMP echo reply")) >= 3,
                 qPrintable(icmp));
        QCOMPARE(QFile::permissions(pcap) & (QFile::ReadOther | QFile::ReadGroup), QFileDevice::Permissions());
        QCOMPARE(linkDo(QStringLiteral("up")).code, 0);
        QVERIFY(cli({QStringLiteral("link"), QStringLiteral("show"), LabName})
                    .out.contains(QStringLiteral("every link is as the lab draws it")));
    }

    // A snapshot of both nodes at one instant, memory and disks: what is written after it (a
    // file on the storage node's data disk, another on the client's own disk) is gone once it is
    // restored, the nodes go on from that instant (same boot), and the lab's gate passes. A
    // disk-only snapshot comes back by a boot, its markers gone too.
    void snapshotsComeBack()
    {
        const auto write = [&] {
            return cli({QStringLiteral("exec"), LabName, QStringLiteral("storage"), QStringLiteral("--"),
                        QStringLiteral("echo after | sudo tee /srv/hpc/home/after-snapshot.txt")})
                       .code
                + cli({QStringLiteral("exec"), LabName, QStringLiteral("client"), QStringLiteral("--"),
                       QStringLiteral("echo after > /var/tmp/after-snapshot; sync")})
                      .code;
        };
        const auto markersLeft = [&] {
            return cli({QStringLiteral("exec"), LabName, QStringLiteral("--all"), QStringLiteral("--"),
                        QStringLiteral("ls /srv/hpc/home/after-snapshot.txt /var/tmp/after-snapshot 2>/dev/null "
                                       "| wc -l; cat /proc/sys/kernel/random/boot_id")});
        };
        const Said save = snapshot(QStringLiteral("save"), {QStringLiteral("known-good")});
        QVERIFY2(save.code == 0 && save.out.contains(QStringLiteral("2 node(s) (2 running) stood still together"))
                     && save.out.contains(QStringLiteral("and 2 memory state(s) were kept")),
                 qPrintable(save.out + save.err));
        qInfo("%s", qPrintable(save.out.trimmed()));
        const Said again = snapshot(QStringLiteral("save"), {QStringLiteral("known-good")});
        QVERIFY2(again.code == 1 && again.err.contains(QStringLiteral("has a snapshot known-good already")),
                 qPrintable(again.err));
        const QString kept = m_runDir + QStringLiteral("/snapshots/known-good");
        for (const QString &d : {m_runDir + QStringLiteral("/snapshots"), kept})
            QCOMPARE(QFile::permissions(d) & (QFile::ReadOther | QFile::ExeOther | QFile::ReadGroup | QFile::ExeGroup),
                     QFileDevice::Permissions());
        for (const QString &f : QDir(kept).entryList(QDir::Files))
            QCOMPARE(QFile::permissions(kept + u'/' + f) & (QFile::ReadOther | QFile::ReadGroup),
                     QFileDevice::Permissions());
        const QJsonObject listed =
            QJsonDocument::fromJson(snapshot(QStringLiteral("list"), {QStringLiteral("--json")}).out.toUtf8()).object();
        const QJsonArray snapshots = listed.value(QStringLiteral("snapshots")).toArray();
        QVERIFY2(snapshots.size() == 1
                     && snapshots.at(0).toObject().value(QStringLiteral("name")).toString() == u"known-good"
                     && snapshots.at(0).toObject().value(QStringLiteral("running")).toArray().size() == 2
                     && snapshots.at(0).toObject().value(QStringLiteral("memory")).toBool()
                     && snapshots.at(0).toObject().value(QStringLiteral("bytes")).toDouble() > 0,
                 QJsonDocument(listed).toJson().constData());
        const QString bootBeforeRestore = markersLeft().out;
        QCOMPARE(write(), 0);
        {
            // Refused while a run holds the lab.
            QString error;
            RunLock held(LabName);
            QVERIFY2(held.acquire(&error), qPrintable(error));
            const Said busy = snapshot(QStringLiteral("restore"), {QStringLiteral("known-good")});
            QVERIFY2(busy.code == 1 && busy.err.contains(QStringLiteral("is already being run")),
                     qPrintable(busy.out + busy.err));
        }
        const Said restore = snapshot(QStringLiteral("restore"), {QStringLiteral("known-good")});
        QVERIFY2(restore.code == 0 && restore.out.contains(QStringLiteral("2 node(s) resumed where they were")),
                 qPrintable(restore.out + restore.err));
        qInfo("%s", qPrintable(restore.out.trimmed()));
        const Said gone = markersLeft();
        QVERIFY2(gone.code == 0 && gone.out.contains(QStringLiteral("storage | 0"))
                     && gone.out.contains(QStringLiteral("client | 0")),
                 qPrintable(gone.out + gone.err));
        QCOMPARE(gone.out, bootBeforeRestore); // the same boots, going on
        const Said gate = cli({QStringLiteral("test"), labFile(), QStringLiteral("--report"),
                               m_artifacts + QStringLiteral("/nfs-pair-restored")},
                              600000);
        QVERIFY2(gate.code == 0, qPrintable(gate.out + gate.err));
        const Said disks = snapshot(QStringLiteral("save"), {QStringLiteral("disks"), QStringLiteral("--disk-only")});
        QVERIFY2(disks.code == 0 && !disks.out.contains(QStringLiteral("memory")), qPrintable(disks.out + disks.err));
        QCOMPARE(write(), 0);
        const Said boot = snapshot(QStringLiteral("restore"), {QStringLiteral("disks")});
        QVERIFY2(boot.code == 0 && boot.out.contains(QStringLiteral("2 node(s) booted from their disks")),
                 qPrintable(boot.out + boot.err));
        qInfo("%s", qPrintable(boot.out.trimmed()));
        const Said booted = markersLeft();
        QVERIFY2(booted.code == 0 && booted.out.contains(QStringLiteral("storage | 0"))
                     && booted.out.contains(QStringLiteral("client | 0")) && booted.out != bootBeforeRestore,
                 qPrintable(booted.out + booted.err));
        // Deleted by name; one left for `down`, which names it and removes it.
        QCOMPARE(snapshot(QStringLiteral("delete"), {QStringLiteral("known-good")}).code, 0);
        QCOMPARE(snapshot(QStringLiteral("delete"), {QStringLiteral("disks")}).code, 0);
        QVERIFY(snapshot(QStringLiteral("list")).out.contains(QStringLiteral("has no snapshot")));
        QCOMPARE(snapshot(QStringLiteral("save"), {QStringLiteral("left-for-down")}).code, 0);
    }

    // `labforge down`: nothing of the run is up, and the CLI says so; the snapshot left is
    // named and gone; libvirt holds no domain or network of the lab.
    void downLeavesNothing()
    {
        const Said down = cli({QStringLiteral("down"), LabName}, 600000);
        QVERIFY2(down.code == 0, qPrintable(down.out + down.err));
        QVERIFY2(down.out.contains(QStringLiteral("removing the lab's snapshot(s) left-for-down")),
                 qPrintable(down.out + down.err));
        QVERIFY(RunStatus::gather(LabName, Uri).runs.isEmpty());
        QVERIFY(!QFile::exists(m_runDir + QStringLiteral("/ssh_config")));
        QVERIFY(!QFile::exists(m_runDir + QStringLiteral("/snapshots")));
        const QString left = labLeftovers(Uri, LabName);
        QVERIFY2(left.isEmpty(), qPrintable(left));
    }

    void cleanupTestCase()
    {
        QString error;
        LabRunner::down(LabName, Uri, {}, &error); // whatever a failed check left running
        RunTeardown::removeOrphans(Uri, GhostLab, {}, &error, nullptr);
    }
};

// Skipped (exit 77, which CTest reports as skipped, never as passed) where it cannot run; CI
// fails when the VM label did not run (.ci/run).
int main(int argc, char **argv)
{
    TestVmLiveLab::initMain();
    QCoreApplication app(argc, argv);
    if (const int skip = skipUnlessVmsCanRun())
        return skip;
    TestVmLiveLab test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_vm_livelab.moc"
