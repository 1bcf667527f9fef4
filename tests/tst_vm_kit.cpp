// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// The offline kit on real VMs: a small image built here (umoci, busybox-static) is served by
// Debian's docker-registry on 127.0.0.1 and pinned by `labforge pins lock`; the lab is built
// once where the Debian mirror answers (so the package cache keeps Debian's signed index);
// `labforge kit export` writes the kit; the registry is stopped; `labforge kit import` fills an
// empty cache; `labforge build` runs in a network namespace with no network at all (the Debian
// mirror and the registry unreachable), so every package comes from the kit's file:// mirror;
// `labforge up` boots the node, whose first boot imports the image into containerd, and the
// lab's gating scenario checks it there by its pinned digest and runs it with ctr.
#include "FeatureModules.h"
#include "PinsLock.h"
#include "RunnerPaths.h"
#include "TestLabs.h"
#include "VmSupport.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

using namespace Labforge;
using namespace Labforge::VmSupport;

class TestVmKit : public QObject
{
    Q_OBJECT

public:
    static void initMain() { FeatureModules::install(); }

private:
    QTemporaryDir m_dir;
    QString m_offlineRoot; // the cache of the site without egress
    QString m_registryPid;

    // labforge (or `unshare --net labforge`) with its output streamed to the test log.
    static int labforge(const QStringList &args, const QString &cacheRoot = {}, bool withoutNetwork = false)
    {
        QProcess p;
        p.setProcessChannelMode(QProcess::ForwardedChannels);
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        if (!cacheRoot.isEmpty())
            env.insert(QStringLiteral("LABFORGE_CACHE_DIR"), cacheRoot);
        env.remove(QStringLiteral("LABFORGE_DEBIAN_MIRROR"));
        p.setProcessEnvironment(env);
        const QString binary = qEnvironmentVariable("LABFORGE_BINARY");
        if (withoutNetwork)
            p.start(QStringLiteral("unshare"), QStringList {QStringLiteral("--net"), binary} + args);
        else
            p.start(binary, args);
        fprintf(stderr, "== labforge %s%s\n", qPrintable(args.join(u' ')), withoutNetwork ? " (no network)" : "");
        QElapsedTimer t;
        t.start();
        if (!p.waitForFinished(2400000)) {
            fprintf(stderr, "== labforge did not finish: %s\n", qPrintable(p.errorString()));
            return -1;
        }
        fprintf(stderr, "== exit %d after %.1f s\n", p.exitCode(), t.elapsed() / 1000.0);
        return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    }
    void stopRegistry()
    {
        if (!m_registryPid.isEmpty())
            QProcess::execute(QStringLiteral("kill"), {m_registryPid});
        m_registryPid.clear();
    }

private Q_SLOTS:
    // The binary comes from CTest's environment (tests/CMakeLists.txt); without it every step
    // below would fail as an unexplained -1.
    void initTestCase() { QVERIFY2(QFile::exists(qEnvironmentVariable("LABFORGE_BINARY")), "LABFORGE_BINARY unset"); }

    void cleanupTestCase()
    {
        stopRegistry();
        if (!m_offlineRoot.isEmpty()) {
            labforge({QStringLiteral("down"), QStringLiteral("kit-lab")}, m_offlineRoot);
            QDir(m_offlineRoot).removeRecursively();
        }
    }

    void aKitBuildsAndBootsWithoutTheNetwork()
    {
        QVERIFY(m_dir.isValid());
        const QString lab = TestLabs::sourceDir() + QStringLiteral("/tests/data/labs/kit-lab.lab.json");
        const int port = 20000 + int(QRandomGenerator::global()->bounded(20000));
        QProcess fixture;
        fixture.setProcessChannelMode(QProcess::ForwardedChannels);
        fixture.start(QStringLiteral("bash"),
                      {TestLabs::sourceDir() + QStringLiteral("/tests/kit/fixtures.sh"), QStringLiteral("image"),
                       m_dir.filePath(QStringLiteral("image")), QString::number(port)});
        QVERIFY(fixture.waitForFinished(300000) && fixture.exitCode() == 0);
        m_registryPid = QString::fromLatin1(readAll(m_dir.filePath(QStringLiteral("image/registry.pid"))).trimmed());
        const QString lock = m_dir.filePath(QStringLiteral("pins.lock.json"));
        QVERIFY(writeFile(lock, TestLabs::kitLock(port)));
        // The lab's lock as the site without egress keeps it: the same pins, no digest yet.
        const QString unpinned = m_dir.filePath(QStringLiteral("unpinned.lock.json"));
        QVERIFY(writeFile(unpinned, TestLabs::kitLock(port)));

        // The site with egress: pin, build once (a new base keeps Debian's signed index), export.
        QCOMPARE(labforge({QStringLiteral("pins"), QStringLiteral("lock"), QStringLiteral("--lock"), lock}), 0);
        QCOMPARE(labforge({QStringLiteral("build"), lab, QStringLiteral("--pins"), lock, QStringLiteral("--force")}),
                 0);
        const QString kit = m_dir.filePath(QStringLiteral("kit-lab.kit"));
        QCOMPARE(labforge({QStringLiteral("kit"), QStringLiteral("export"), lab, kit, QStringLiteral("--pins"), lock}),
                 0);
        stopRegistry();

        // The site without: an empty cache, filled from the kit alone.
        // Inside this test's own cache root (tests/vm/hermetic.sh), where QEMU reaches it; a
        // short name, as ssh's control sockets live under it.
        m_offlineRoot = RunnerPaths::cacheRoot() + QStringLiteral("/off");
        QDir(m_offlineRoot).removeRecursively();
        QVERIFY(QDir().mkpath(m_offlineRoot));
        // The host's accelerator probe result is the host's, not the kit's: keep it.
        QFile::copy(RunnerPaths::accelProbeCache(), m_offlineRoot + QStringLiteral("/accel-probe.json"));
        // The kit fills the digests that lock leaves empty, and nothing else.
        QCOMPARE(labforge({QStringLiteral("kit"), QStringLiteral("import"), kit, QStringLiteral("--pins"), unpinned},
                          m_offlineRoot),
                 0);
        const QString kitLock = m_offlineRoot + QStringLiteral("/kit/pins.lock.json");
        QVERIFY(QFile::exists(kitLock));
        QCOMPARE(labforge({QStringLiteral("build"), lab, QStringLiteral("--pins"), kitLock}, m_offlineRoot, true), 0);
        QCOMPARE(labforge({QStringLiteral("up"), lab, QStringLiteral("--pins"), kitLock, QStringLiteral("--no-build"),
                           QStringLiteral("--yes")},
                          m_offlineRoot),
                 0);
        QCOMPARE(labforge({QStringLiteral("down"), QStringLiteral("kit-lab")}, m_offlineRoot), 0);
    }
};

// Skipped (exit 77, which CTest reports as skipped, never as passed) where it cannot
// run; CI fails when the VM label did not run (.ci/run).
int main(int argc, char **argv)
{
    TestVmKit::initMain();
    QCoreApplication app(argc, argv);
    if (const int skip = skipUnlessVmsCanRun())
        return skip;
    TestVmKit test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_vm_kit.moc"
