// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// The image cache, from a state this test makes itself: its cache root starts with Debian's
// packages and no base (tests/CMakeLists.txt seeds it so), and each slot builds on what the one
// before it left. A new base fetches no package twice; a package added to one node rebuilds that
// node alone on the base that is there; a package set no base serves gets a base derived by apt
// from the cached one, which boots.
#include "BaseCachePolicy.h"
#include "BundleGenerator.h"
#include "DebianMirror.h"
#include "FeatureModules.h"
#include "HostCommand.h"
#include "ImageBuilder.h"
#include "LabRunner.h"
#include "Libvirt.h"
#include "RunnerPaths.h"
#include "VmSupport.h"

#include <QDir>
#include <QElapsedTimer>
#include <QMutex>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace Labforge;
using namespace Labforge::VmSupport;

namespace {

const QStringList Pair {QStringLiteral("storage"), QStringLiteral("client")};

// What one image build said and did.
struct Built
{
    QString error;
    QStringList nodes; // the node images built anew
    QStringList baseLines; // the base stage's messages
    qint64 baseMs = 0;
};

ImageBuilder::Options options(const Lab &lab, Built *built, QMutex *mutex, QElapsedTimer *timer)
{
    ImageBuilder::Options o;
    o.mirror = DebianMirror::url();
    o.labName = lab.name;
    o.jobs = 2;
    o.events = [=](const RunEvent &e) {
        printEvent(e);
        const QMutexLocker lock(mutex);
        if (e.type == RunEvent::Type::NodeState && e.nodeState == RunEvent::NodeState::Built)
            built->nodes.append(e.node);
        if (e.stage != RunStage::Base)
            return;
        built->baseLines.append(e.message);
        if (e.type == RunEvent::Type::StageStarted)
            timer->start();
        if (e.type == RunEvent::Type::StageFinished)
            built->baseMs = timer->elapsed();
    };
    return o;
}

// The base of `nodes` alone (force: a new mmdebstrap whatever is cached).
Built buildBase(const Lab &lab, const QStringList &nodes, bool force)
{
    Built b;
    QMutex mutex;
    QElapsedTimer timer;
    ImageBuilder::Options o = options(lab, &b, &mutex, &timer);
    o.force = force;
    if (!ImageBuilder(BundleGenerator::generate(lab), ArtifactCache(), o).buildBase(nodes, &b.error))
        b.error.prepend(QStringLiteral("base: "));
    return b;
}

// Every node's image (maxLacking: how many packages a reused base may lack).
Built buildImages(const Lab &lab, int maxLacking = ImageBuilder::Options().maxLackingPackages)
{
    Built b;
    QMutex mutex;
    QElapsedTimer timer;
    ImageBuilder::Options o = options(lab, &b, &mutex, &timer);
    o.maxLackingPackages = maxLacking;
    QStringList ids;
    for (const Node &n : lab.nodes)
        ids.append(n.id);
    ImageBuilder(BundleGenerator::generate(lab), ArtifactCache(), o).build(ids, &b.error);
    return b;
}

QStringList bases()
{
    return QDir(RunnerPaths::bases()).entryList({QStringLiteral("*.tar")}, QDir::Files, QDir::Name);
}

QByteArray tarListing(const QString &tar)
{
    const auto listing = HostCommand(QStringLiteral("tar"), {QStringLiteral("-tf"), tar}).timeout(120000).run();
    return listing.ok() ? listing.output : QByteArray();
}

} // namespace

class TestVmImageCache : public QObject
{
    Q_OBJECT

public:
    static void initMain() { FeatureModules::install(); }

private:
    QString m_artifacts;

private Q_SLOTS:
    void initTestCase()
    {
        Libvirt virt(QStringLiteral("qemu:///system"));
        QVERIFY2(virt.isOpen(), qPrintable(virt.openError()));
        m_artifacts =
            qEnvironmentVariable("LABFORGE_VM_ARTIFACTS", QDir::tempPath() + QStringLiteral("/labforge-vm-imagecache"));
        QDir().mkpath(m_artifacts);
        // The state this test starts from: no base at all.
        QVERIFY2(bases().isEmpty(), qPrintable(RunnerPaths::bases() + QStringLiteral(" holds a base already")));
    }

    // Download once: a new base takes the packages earlier bases fetched from the package
    // cache (apt checks each against the mirror's signed index) and fetches none of them
    // again. The first base fills the cache; a second one, forced, asks the mirror for its
    // index only, and neither keeps a .deb.
    void aNewBaseFetchesNoPackageTwice()
    {
        const Lab lab = nfsPair();
        const Built first = buildBase(lab, Pair, false);
        QVERIFY2(first.error.isEmpty(), qPrintable(first.error));
        QVERIFY2(first.baseLines.join(u'\n').contains(QStringLiteral("mmdebstrap ")),
                 qPrintable(first.baseLines.join(u'\n')));
        qInfo("first base: %.1f s (%s)", first.baseMs / 1000.0,
              qPrintable(first.baseLines.filter(QStringLiteral("package cache ")).join(u' ')));
        const Built forced = buildBase(lab, Pair, true);
        QVERIFY2(forced.error.isEmpty(), qPrintable(forced.error));
        const QStringList cache = forced.baseLines.filter(QStringLiteral("package cache "));
        qInfo("forced base: %.1f s (%s)", forced.baseMs / 1000.0, qPrintable(cache.join(u' ')));
        QCOMPARE(cache.size(), 1);
        QVERIFY2(!cache.first().contains(QStringLiteral(": 0 package(s) were there"))
                     && cache.first().endsWith(QStringLiteral(", 0 fetched from the mirror")),
                 qPrintable(cache.first()));
        const QStringList made = bases();
        QCOMPARE(made.size(), 1);
        const QByteArray listing = tarListing(RunnerPaths::bases() + u'/' + made.first());
        QVERIFY(listing.contains("var/cache/apt/archives/"));
        QVERIFY2(!listing.contains(".deb\n"), "the base tar holds .deb files");
    }

    // A package added to one node's recipe: the base that is there serves it, only that node
    // is rebuilt, and it installed the packages from the mirror (read back from its image).
    void aPackageAddedToOneNodeRebuildsOnlyThatNode()
    {
        const Built pair = buildImages(nfsPair());
        QVERIFY2(pair.error.isEmpty(), qPrintable(pair.error));
        const QStringList basesBefore = bases();
        QCOMPARE(basesBefore.size(), 1);
        Lab lab = nfsPair();
        // postgresql (with LLVM) grows the node's tree well beyond the base: the scratch space
        // must follow (a tmpfs sized from the base alone ran out, found by building web-lab).
        lab.node(QStringLiteral("client"))
            ->recipe.packages.append({QStringLiteral("tree"), QStringLiteral("postgresql")});
        const Built grown = buildImages(lab);
        QVERIFY2(grown.error.isEmpty(), qPrintable(grown.error));
        QCOMPARE(grown.nodes, QStringList {QStringLiteral("client")});
        QCOMPARE(bases(), basesBefore);
        // The packages are in the client's root filesystem.
        QTemporaryDir scratch(RunnerPaths::work() + QStringLiteral("/vmtest-XXXXXX"));
        const QString raw = scratch.path() + QStringLiteral("/client.raw");
        QString why;
        const QString disk =
            RunnerPaths::nodeImages(lab.name, QStringLiteral("client"), &why) + QStringLiteral("/disk.qcow2");
        const auto converted =
            HostCommand(QStringLiteral("qemu-img"),
                        {QStringLiteral("convert"), QStringLiteral("-O"), QStringLiteral("raw"), disk, raw})
                .timeout(300000)
                .run();
        QVERIFY2(converted.ok(), qPrintable(converted.describe(QStringLiteral("qemu-img convert"))));
        const auto debugfs = [&](const QString &request) {
            return HostCommand(QStringLiteral("debugfs"), {QStringLiteral("-R"), request, raw})
                .timeout(60000)
                .separateStderr()
                .run()
                .output;
        };
        const QByteArray tree = debugfs(QStringLiteral("stat /usr/bin/tree"));
        QVERIFY2(tree.contains("Type: regular"), tree.constData());
        const QByteArray postgres = debugfs(QStringLiteral("ls /usr/lib/postgresql"));
        QVERIFY2(QRegularExpression(QStringLiteral("\\b1[0-9]\\b")).match(QString::fromUtf8(postgres)).hasMatch(),
                 postgres.constData());
        // Back to the lab as it was: the client is rebuilt without them, the storage node not.
        const Built back = buildImages(nfsPair());
        QVERIFY2(back.error.isEmpty(), qPrintable(back.error));
        QCOMPARE(back.nodes, QStringList {QStringLiteral("client")});
    }

    // A package set no cached base can serve (here the nodes may install nothing themselves)
    // gets a base derived by apt from the cached one, not a new mmdebstrap: it holds the new
    // packages and one kernel, no .deb, and its images boot.
    void aNewPackageSetGetsADerivedBaseThatBoots()
    {
        const QStringList basesBefore = bases();
        QCOMPARE(basesBefore.size(), 1);
        Lab lab = nfsPair();
        lab.node(QStringLiteral("storage"))->recipe.packages.append({QStringLiteral("tree"), QStringLiteral("file")});
        const Built derived = buildImages(lab, 0);
        QVERIFY2(derived.error.isEmpty(), qPrintable(derived.error));
        const QString log = derived.baseLines.join(u'\n');
        qInfo("derived base: %.1f s (%s)", derived.baseMs / 1000.0,
              qPrintable(derived.baseLines.filter(QStringLiteral("package cache ")).join(u' ')));
        static const QRegularExpression adding(QStringLiteral("deriving base \\S+ from base (\\S+) with apt: .*"
                                                              "adding \\d+ package\\(s\\) it lacks \\(([^)]*)\\)"));
        const QRegularExpressionMatch m = adding.match(log);
        QVERIFY2(m.hasMatch(), qPrintable(log));
        QCOMPARE(m.captured(1) + QStringLiteral(".tar"), basesBefore.first());
        const QStringList lacking = m.captured(2).split(u' ');
        QVERIFY2(lacking.contains(QStringLiteral("tree")) && lacking.contains(QStringLiteral("file")), qPrintable(log));
        QVERIFY2(!log.contains(QStringLiteral("mmdebstrap")), qPrintable(log));
        ImageBuilder::Options o;
        o.mirror = DebianMirror::url();
        o.labName = lab.name;
        const QString key = ImageBuilder(BundleGenerator::generate(lab), ArtifactCache(), o).baseKey(Pair);
        QStringList expected = basesBefore;
        expected.append(key + QStringLiteral(".tar"));
        expected.sort();
        QCOMPARE(bases(), expected);
        const QString tar = BaseCachePolicy(RunnerPaths::bases()).tarPath(key);
        const QByteArray listing = tarListing(tar);
        QVERIFY2(!listing.contains(".deb\n"), "the derived base holds .deb files");
        const QStringList kernels = QString::fromUtf8(listing).split(u'\n').filter(QStringLiteral("./boot/vmlinuz-"));
        QVERIFY2(kernels.size() == 1, qPrintable(kernels.join(u' ')));
        const auto status =
            HostCommand(QStringLiteral("tar"), {QStringLiteral("-xOf"), tar, QStringLiteral("./var/lib/dpkg/status")})
                .timeout(120000)
                .run();
        QVERIFY(status.ok());
        for (const char *package : {"tree", "file", "nfs-kernel-server", "openssh-server"})
            QVERIFY2(status.output.contains("Package: " + QByteArray(package) + "\nStatus: install ok installed"),
                     package);
        // Its image boots (the runner finds the base and images as built: nothing is rebuilt).
        const QString failed = bootStorageAlone(
            lab, QStringLiteral("derived-base"), {}, {},
            {storageCheck(
                QStringLiteral("derived-packages"),
                QStringLiteral("tree --version >/dev/null && file --brief --dereference /bin/sh | cut -c1-3\n"),
                QStringLiteral("ELF"))},
            m_artifacts);
        QVERIFY2(failed.isEmpty(), qPrintable(failed));
    }

    void cleanupTestCase()
    {
        QString error;
        LabRunner::down(nfsPair().name, QStringLiteral("qemu:///system"), {}, &error);
    }
};

// Skipped (exit 77, which CTest reports as skipped, never as passed) where it cannot
// run; CI fails when the VM label did not run (.ci/run).
int main(int argc, char **argv)
{
    TestVmImageCache::initMain();
    QCoreApplication app(argc, argv);
    if (const int skip = skipUnlessVmsCanRun())
        return skip;
    TestVmImageCache test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_vm_imagecache.moc"
