// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// The image builder's base cache: an exact base is reused, a cached base holding every
// package the group needs is reused (a recipe that drops a package rebuilds no base), so
// is one lacking a few (the nodes install them), anything else means a new mmdebstrap,
// whose failure leaves nothing behind. BaseCachePolicy's decision on its own (pure, over
// listed bases) and its reading of the directory. Opt-in (root and a real cached base): one node's
// image built for real, its events, its reuse, and the cleanup after a failed step.
#include "AptNames.h"
#include "BaseCachePolicy.h"
#include "BaseImageBuilder.h"
#include "BundleGenerator.h"
#include "FeatureModules.h"
#include "FileCapabilities.h"
#include "HostCommand.h"
#include "ImageBuilder.h"
#include "ImageCommands.h"
#include "Initrd.h"
#include "NodeImageBuilder.h"
#include "RunnerPaths.h"
#include "TestLabs.h"
#include "WorkDirectory.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace Labforge;

namespace {
// Nothing listens here: any attempt to download fails at once.
const QString DeadMirror = QStringLiteral("http://127.0.0.1:9/debian");
} // namespace

class TestImageCache : public QObject
{
    Q_OBJECT

public:
    // The composition root: the recipe features, as app/main.cpp installs them.
    static void initMain() { Labforge::FeatureModules::install(); }

private:
    QTemporaryDir m_cache;
    Lab m_lab = TestLabs::builtIn(QStringLiteral("web-lab"));
    Bundle m_bundle;
    QStringList m_nodes;

    ImageBuilder::Options options(QStringList *messages = nullptr)
    {
        ImageBuilder::Options o;
        o.mirror = DeadMirror;
        o.labName = m_lab.name;
        if (messages)
            o.events = [messages](const RunEvent &e) {
                messages->append(e.message);
            };
        return o;
    }
    QStringList unionOf(const QStringList &nodes) const
    {
        QStringList all;
        for (const auto &n : m_bundle.nodes) {
            if (nodes.contains(n.nodeId))
                all += n.output.packages;
        }
        all.removeDuplicates();
        all.sort();
        return all;
    }
    // A cached base as buildBase leaves it: <key>.tar and <key>.json.
    void plantBase(const QString &key, const QString &suite, const QStringList &packages)
    {
        const QString dir = RunnerPaths::bases();
        QDir().mkpath(dir);
        QFile tar(dir + QLatin1Char('/') + key + QStringLiteral(".tar"));
        QVERIFY(tar.open(QIODevice::WriteOnly));
        tar.write("not a real tar: never unpacked by these tests");
        QFile meta(dir + QLatin1Char('/') + key + QStringLiteral(".json"));
        QVERIFY(meta.open(QIODevice::WriteOnly));
        meta.write(QJsonDocument(QJsonObject {{QStringLiteral("layout"), ImageBuilder::imageLayoutVersion()},
                                              {QStringLiteral("suite"), suite},
                                              {QStringLiteral("mirror"), DeadMirror},
                                              {QStringLiteral("packages"), QJsonArray::fromStringList(packages)}})
                       .toJson());
    }

    // What is left of builds: entries of the work directory, and mounts under it.
    static QStringList leftovers()
    {
        QStringList left = QDir(RunnerPaths::work()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot);
        QFile mounts(QStringLiteral("/proc/self/mounts"));
        if (mounts.open(QIODevice::ReadOnly)) {
            for (const QByteArray &line : mounts.readAll().split('\n')) {
                if (line.contains(RunnerPaths::work().toUtf8()))
                    left.append(QString::fromUtf8(line));
            }
        }
        return left;
    }

    using Policy = BaseCachePolicy;
    using Kind = BaseCachePolicy::Decision::Kind;
    static Policy::CachedBase cached(const QString &key, const QStringList &packages,
                                     const QString &suite = QStringLiteral("trixie"),
                                     const QString &mirror = DeadMirror)
    {
        return Policy::CachedBase {key, true, true, ImageBuilder::imageLayoutVersion(), suite, mirror, packages};
    }
    static Policy::Request request(const QStringList &packages, int maxLacking = 2)
    {
        return Policy::Request {QStringLiteral("trixie"), DeadMirror, packages, false, maxLacking};
    }
    static QStringList abc() { return {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")}; }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_cache.isValid());
        qputenv("LABFORGE_CACHE_DIR", m_cache.path().toLocal8Bit());
        m_bundle = BundleGenerator::generate(m_lab);
        QVERIFY(m_bundle.ok());
        for (const Node &n : m_lab.nodes)
            m_nodes.append(n.id);
    }
    void init() { QDir(RunnerPaths::bases()).removeRecursively(); }

    void theExactBaseIsReused()
    {
        QStringList messages;
        ImageBuilder builder(m_bundle, ArtifactCache(), options(&messages));
        const QString key = builder.baseKey(m_nodes);
        plantBase(key, QStringLiteral("trixie"), unionOf(m_nodes));
        QString error;
        const auto base = builder.buildBase(m_nodes, &error);
        QVERIFY2(base, qPrintable(error));
        QCOMPARE(base->key, key);
        QVERIFY(messages.join(QLatin1Char('\n')).contains(QStringLiteral("reused from the cache")));
    }

    void aBaseWithEveryNeededPackageIsReused()
    {
        // The group was built once with an extra package on one node; that package is
        // dropped now. The old base still holds all the new union needs.
        QStringList bigger = unionOf(m_nodes) << QStringLiteral("git") << QStringLiteral("vim-tiny");
        bigger.sort();
        plantBase(QStringLiteral("aaaaaaaaaaaaaaaaaaaaaaaa"), QStringLiteral("trixie"), bigger);
        // Another superset, larger still: the smallest one wins.
        plantBase(QStringLiteral("bbbbbbbbbbbbbbbbbbbbbbbb"), QStringLiteral("trixie"),
                  bigger + QStringList {QStringLiteral("zsh")});
        QStringList messages;
        ImageBuilder builder(m_bundle, ArtifactCache(), options(&messages));
        QString error;
        const auto base = builder.buildBase(m_nodes, &error);
        QVERIFY2(base, qPrintable(error));
        QCOMPARE(base->key, QStringLiteral("aaaaaaaaaaaaaaaaaaaaaaaa"));
        QVERIFY(base->tar.endsWith(QStringLiteral("/aaaaaaaaaaaaaaaaaaaaaaaa.tar")));
        QVERIFY2(messages.join(QLatin1Char('\n')).contains(QStringLiteral("holds every package the nodes need")),
                 qPrintable(messages.join(QLatin1Char('\n'))));
    }

    // A recipe added a package: the old base is reused, and only the nodes that need the
    // package install it from the mirror (tst_vm_nfs does that for real).
    void aBaseLackingAFewPackagesIsReused()
    {
        QStringList lackingOne = unionOf(m_nodes);
        const QString lacked = lackingOne.takeLast();
        plantBase(QStringLiteral("cccccccccccccccccccccccc"), QStringLiteral("trixie"), lackingOne);
        QStringList lackingTwo = lackingOne;
        lackingTwo.removeFirst();
        plantBase(QStringLiteral("eeeeeeeeeeeeeeeeeeeeeeee"), QStringLiteral("trixie"), lackingTwo);
        QStringList messages;
        ImageBuilder builder(m_bundle, ArtifactCache(), options(&messages));
        QString error;
        const auto base = builder.buildBase(m_nodes, &error);
        QVERIFY2(base, qPrintable(error));
        QCOMPARE(base->key, QStringLiteral("cccccccccccccccccccccccc")); // the one lacking fewest
        QCOMPARE(base->lacking, QStringList {lacked});
        QVERIFY2(messages.join(QLatin1Char('\n'))
                     .contains(QStringLiteral("install what it lacks from the mirror: ") + lacked),
                 qPrintable(messages.join(QLatin1Char('\n'))));
    }

    void aBaseOfAnotherSuiteIsNot()
    {
        plantBase(QStringLiteral("dddddddddddddddddddddddd"), QStringLiteral("bookworm"), unionOf(m_nodes));
        QStringList messages;
        ImageBuilder builder(m_bundle, ArtifactCache(), options(&messages));
        QString error;
        const auto base = builder.buildBase(m_nodes, &error);
        // A new base was attempted (mmdebstrap from the dead mirror), and failed cleanly.
        QVERIFY(!base);
        QVERIFY2(error.contains(QStringLiteral("mmdebstrap")), qPrintable(error));
        QVERIFY(messages.join(QLatin1Char('\n')).contains(QStringLiteral("mmdebstrap trixie from")));
        const QStringList left = QDir(RunnerPaths::bases()).entryList(QDir::Files);
        QCOMPARE(left.filter(QStringLiteral(".partial")), QStringList());
        QCOMPARE(left.size(), 2); // the planted base, nothing new
        QCOMPARE(QDir(RunnerPaths::work()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot), QStringList());
    }

    // A base lacking more than the nodes may install is derived from (apt, in a copy of its
    // tree); one that cannot be (here: its tar is not a tar) fails cleanly: no partial
    // base, no work directory, nothing left mounted.
    void aBaseLackingTooMuchIsDerivedFromAndAFailedDeriveLeavesNothing()
    {
        plantBase(QStringLiteral("cccccccccccccccccccccccc"), QStringLiteral("trixie"), unionOf(m_nodes).mid(0, 1));
        QVERIFY(unionOf(m_nodes).size() - 1 > ImageBuilder::Options().maxLackingPackages);
        QStringList messages;
        ImageBuilder builder(m_bundle, ArtifactCache(), options(&messages));
        QString error;
        const auto base = builder.buildBase(m_nodes, &error);
        QVERIFY(!base);
        const QString log = messages.join(QLatin1Char('\n'));
        QVERIFY2(log.contains(QStringLiteral("from base cccccccccccccccccccccccc with apt")), qPrintable(log));
        QVERIFY2(error.contains(QStringLiteral("tar")), qPrintable(error));
        QVERIFY2(!log.contains(QStringLiteral("mmdebstrap")), qPrintable(log));
        const QStringList left = QDir(RunnerPaths::bases()).entryList(QDir::Files);
        QCOMPARE(left.filter(QStringLiteral(".partial")), QStringList());
        QCOMPARE(left.size(), 2);
        QCOMPARE(QDir(RunnerPaths::work()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot), QStringList());
        QFile mounts(QStringLiteral("/proc/self/mounts"));
        QVERIFY(mounts.open(QIODevice::ReadOnly));
        QVERIFY2(!mounts.readAll().contains(RunnerPaths::work().toUtf8()), "a mount under the work directory is left");
    }

    void forceIgnoresTheCache()
    {
        ImageBuilder::Options o = options();
        o.force = true;
        ImageBuilder builder(m_bundle, ArtifactCache(), o);
        plantBase(builder.baseKey(m_nodes), QStringLiteral("trixie"), unionOf(m_nodes));
        QString error;
        QVERIFY(!builder.buildBase(m_nodes, &error)); // it went to the (dead) mirror
        QVERIFY2(error.contains(QStringLiteral("mmdebstrap")), qPrintable(error));
    }

    void anExactBaseWithoutItsListGetsOne()
    {
        QStringList messages;
        ImageBuilder builder(m_bundle, ArtifactCache(), options(&messages));
        const QString key = builder.baseKey(m_nodes);
        plantBase(key, QStringLiteral("trixie"), unionOf(m_nodes));
        const QString meta = RunnerPaths::bases() + QLatin1Char('/') + key + QStringLiteral(".json");
        QVERIFY(QFile::remove(meta)); // a base of an earlier version
        QString error;
        const auto base = builder.buildBase(m_nodes, &error);
        QVERIFY2(base, qPrintable(error));
        QCOMPARE(base->key, key);
        const auto read = Policy(RunnerPaths::bases()).read();
        QCOMPARE(read.size(), 1);
        QVERIFY(read[0].hasMeta);
        QCOMPARE(read[0].packages, unionOf(m_nodes));
        QCOMPARE(read[0].mirror, DeadMirror);
    }

    // A newc cpio archive of these files, as initramfs-tools writes one (no real tool: the
    // parser is checked against the format, not against itself).
    static QByteArray newc(const QList<std::pair<QByteArray, QByteArray>> &files)
    {
        QByteArray out;
        int ino = 1;
        const auto entry = [&](const QByteArray &name, const QByteArray &data, uint mode) {
            out += QByteArrayLiteral("070701");
            for (const qsizetype v :
                 {qsizetype(ino++), qsizetype(mode), qsizetype(0), qsizetype(0), qsizetype(1), qsizetype(0),
                  data.size(), qsizetype(0), qsizetype(0), qsizetype(0), qsizetype(0), name.size() + 1, qsizetype(0)})
                out += QByteArray::number(qulonglong(v), 16).rightJustified(8, '0').toUpper();
            out += name + '\0';
            out += QByteArray((4 - out.size() % 4) % 4, '\0');
            out += data;
            out += QByteArray((4 - out.size() % 4) % 4, '\0');
        };
        for (const auto &[name, data] : files)
            entry(name, data, 0100644);
        entry("TRAILER!!!", {}, 0);
        return out;
    }
    static QByteArray gzip(const QByteArray &data)
    {
        QProcess p;
        p.start(QStringLiteral("gzip"), {QStringLiteral("-c")});
        p.write(data);
        p.closeWriteChannel();
        p.waitForFinished();
        return p.readAllStandardOutput();
    }

    // The initrd copied out of an image keeps its early archive and loses its main archive's
    // compression; what it cannot read is refused, what it does not handle is kept as it is.
    void anInitrdIsStoredWithItsMainArchiveUncompressed()
    {
        const QByteArray early = newc({{"kernel", {}}, {"kernel/x86/microcode/AuthenticAMD.bin", "microcode"}});
        const QByteArray padded = early + QByteArray(512 - early.size() % 512, '\0');
        const QByteArray main = newc({{"init", "#!/bin/sh\necho hello\n"}, {"conf/initramfs.conf", "MODULES=list\n"}});
        QString error;
        QCOMPARE(Initrd::uncompressedPrefix(padded + gzip(main)), padded.size());
        QCOMPARE(Initrd::decompressed(padded + gzip(main), &error).value_or("failed"), padded + main);
        QCOMPARE(Initrd::decompressed(early + gzip(main), &error).value_or("failed"), early + main);
        QCOMPARE(Initrd::decompressed(gzip(main), &error).value_or("failed"), main);
        QCOMPARE(Initrd::decompressed(early + main, &error).value_or("failed"), early + main);
        const QByteArray zstd = early + QByteArray("\x28\xb5\x2f\xfd rest of a zstd frame");
        QCOMPARE(Initrd::decompressed(zstd, &error).value_or("failed"), zstd);
        QVERIFY(!Initrd::decompressed(early.left(early.size() - 40) + gzip(main), &error));
        QCOMPARE(error, QStringLiteral("the initrd's uncompressed cpio archive is cut short"));
        QVERIFY(!Initrd::decompressed(early + gzip("not a cpio archive"), &error));
        QCOMPARE(error, QStringLiteral("the initrd's main archive is not a cpio archive once decompressed"));
        QVERIFY(!Initrd::decompressed(early + gzip(main).left(60), &error));
        QVERIFY2(error.startsWith(QStringLiteral("the initrd's main archive does not decompress: gzip")),
                 qPrintable(error));
    }

    // What a base's apt left in its archive goes into the package cache only when the cache
    // lacks it or holds other bytes; a package the cache holds as it is stays untouched, and
    // no temporary file is left. A cache that cannot be written fails the hook.
    void aBaseCopiesBackOnlyWhatThePackageCacheLacks()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString tree = dir.filePath(QStringLiteral("tree"));
        const QString archives = tree + QStringLiteral("/var/cache/apt/archives");
        const QString cache = dir.filePath(QStringLiteral("package cache"));
        QVERIFY(QDir().mkpath(archives + QStringLiteral("/partial")) && QDir().mkpath(cache));
        const auto write = [](const QString &path, const QByteArray &bytes) {
            QFile f(path);
            return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
        };
        const auto read = [](const QString &path) {
            QFile f(path);
            return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("missing");
        };
        QVERIFY(write(archives + QStringLiteral("/new_1.0_amd64.deb"), "new"));
        QVERIFY(write(archives + QStringLiteral("/same_1.0_all.deb"), "same"));
        QVERIFY(write(archives + QStringLiteral("/fetched-again_2.0_amd64.deb"), "right bytes"));
        QVERIFY(write(archives + QStringLiteral("/lock"), ""));
        QVERIFY(write(cache + QStringLiteral("/same_1.0_all.deb"), "same"));
        QVERIFY(write(cache + QStringLiteral("/fetched-again_2.0_amd64.deb"), "wrong bytes"));
        QVERIFY(write(cache + QStringLiteral("/only-in-cache_1.0_all.deb"), "kept"));
        const QDateTime old = QDateTime::currentDateTimeUtc().addDays(-3);
        {
            QFile same(cache + QStringLiteral("/same_1.0_all.deb"));
            QVERIFY(same.open(QIODevice::ReadWrite) && same.setFileTime(old, QFileDevice::FileModificationTime));
        }
        const auto hook = [&](const QString &debs) {
            QProcess sh; // as mmdebstrap runs a hook: sh -c, without -e
            sh.start(QStringLiteral("sh"),
                     {QStringLiteral("-c"), BaseImageBuilder::packageCacheOutScript(debs), QStringLiteral("sh"), tree});
            return sh.waitForFinished(30000) && sh.exitStatus() == QProcess::NormalExit ? sh.exitCode() : -1;
        };
        QCOMPARE(hook(cache), 0);
        QCOMPARE(read(cache + QStringLiteral("/new_1.0_amd64.deb")), QByteArray("new"));
        QCOMPARE(read(cache + QStringLiteral("/fetched-again_2.0_amd64.deb")), QByteArray("right bytes"));
        QCOMPARE(read(cache + QStringLiteral("/only-in-cache_1.0_all.deb")), QByteArray("kept"));
        QCOMPARE(QFileInfo(cache + QStringLiteral("/same_1.0_all.deb")).lastModified().toUTC().toSecsSinceEpoch(),
                 old.toSecsSinceEpoch());
        QCOMPARE(QDir(cache).entryList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot),
                 QStringList({QStringLiteral("fetched-again_2.0_amd64.deb"), QStringLiteral("new_1.0_amd64.deb"),
                              QStringLiteral("only-in-cache_1.0_all.deb"), QStringLiteral("same_1.0_all.deb")}));
        // One package that cannot be written fails the hook, even when those after it can.
        QVERIFY(write(archives + QStringLiteral("/fetched-again_2.0_amd64.deb"), "newer bytes"));
        QVERIFY(QFile::link(dir.filePath(QStringLiteral("no such directory/file")),
                            cache + QStringLiteral("/.fetched-again_2.0_amd64.deb.part")));
        QVERIFY(hook(cache) != 0);
        QVERIFY(hook(dir.filePath(QStringLiteral("no such cache"))) != 0);
    }

    // The kernel and initrd are read from the image tree on the host: a link in the tree is
    // followed as the image would follow it, never to a host file, and one that leads out
    // of the tree (or names no file of the image) fails the build with the place named.
    void theKernelAndInitrdAreFoundInsideTheImageOnly()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString tree = dir.filePath(QStringLiteral("tree"));
        const QString boot = tree + QStringLiteral("/boot");
        QVERIFY(QDir().mkpath(boot) && QDir().mkpath(tree + QStringLiteral("/lib/initrds")));
        const auto write = [](const QString &path, const QByteArray &bytes) {
            QFile f(path);
            return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
        };
        const QString host = dir.filePath(QStringLiteral("host file"));
        QVERIFY(write(host, "a file of the host"));
        QVERIFY(write(boot + QStringLiteral("/vmlinuz-6.1"), "old kernel"));
        QVERIFY(write(boot + QStringLiteral("/vmlinuz-6.12"), "kernel"));
        QVERIFY(write(tree + QStringLiteral("/lib/initrds/6.12"), "initrd"));
        // An absolute link means the image's root, as it does inside the image.
        QVERIFY(QFile::link(QStringLiteral("/lib/initrds/6.12"), boot + QStringLiteral("/initrd.img-6.12")));
        QString error;
        auto found = NodeImageBuilder::bootFile(tree, QStringLiteral("vmlinuz-*"), &error);
        QVERIFY2(found, qPrintable(error));
        QCOMPARE(found->name, QStringLiteral("vmlinuz-6.12"));
        QCOMPARE(found->path, boot + QStringLiteral("/vmlinuz-6.12"));
        found = NodeImageBuilder::bootFile(tree, QStringLiteral("initrd.img-*"), &error);
        QVERIFY2(found, qPrintable(error));
        QCOMPARE(found->path, tree + QStringLiteral("/lib/initrds/6.12"));

        // A link to the host's file by its absolute path names a file the image lacks.
        QVERIFY(QFile::link(host, boot + QStringLiteral("/initrd.img-6.13")));
        QVERIFY(!NodeImageBuilder::bootFile(tree, QStringLiteral("initrd.img-*"), &error));
        QCOMPARE(error, QStringLiteral("the image's /boot/initrd.img-6.13 is not a file in the image"));
        // A relative link out of the tree is refused.
        QVERIFY(QFile::remove(boot + QStringLiteral("/initrd.img-6.13")));
        QVERIFY(QFile::link(QStringLiteral("../../host file"), boot + QStringLiteral("/initrd.img-6.13")));
        QVERIFY(!NodeImageBuilder::bootFile(tree, QStringLiteral("initrd.img-*"), &error));
        QVERIFY2(error.startsWith(QStringLiteral("the image's /boot/initrd.img-6.13: "))
                     && error.contains(QStringLiteral("leads out of")),
                 qPrintable(error));
        // A /boot linked to a host directory by its absolute path is looked for in the image;
        // one linked out of the tree by a relative path is refused.
        QVERIFY(QDir(boot).removeRecursively());
        QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("host boot"))));
        QVERIFY(write(dir.filePath(QStringLiteral("host boot/vmlinuz-6.12")), "the host's kernel"));
        QVERIFY(QFile::link(dir.filePath(QStringLiteral("host boot")), boot));
        QVERIFY(!NodeImageBuilder::bootFile(tree, QStringLiteral("vmlinuz-*"), &error));
        QCOMPARE(error, QStringLiteral("the image has no vmlinuz-* in /boot"));
        QVERIFY(QFile::remove(boot));
        QVERIFY(QFile::link(QStringLiteral("../host boot"), boot));
        QVERIFY(!NodeImageBuilder::bootFile(tree, QStringLiteral("vmlinuz-*"), &error));
        QVERIFY2(error.startsWith(QStringLiteral("the image's /boot: "))
                     && error.contains(QStringLiteral("leads out of")),
                 qPrintable(error));
    }

    // Package names reach apt only as exact names of the index: checked here against this
    // machine's own apt index (the snippet runs the same way inside an image tree).
    void packageNamesReachAptOnlyExactly_data()
    {
        QTest::addColumn<QStringList>("packages");
        QTest::addColumn<QString>("refused");
        QTest::newRow("exact names, one pinned")
            << QStringList {QStringLiteral("bash"), QStringLiteral("coreutils=1.0")} << QString();
        QTest::newRow("a name ending in + that exists") << QStringList {QStringLiteral("g++")} << QString();
        QTest::newRow("a virtual name") << QStringList {QStringLiteral("awk")} << QString();
        QTest::newRow("a trailing - (remove)")
            << QStringList {QStringLiteral("bash"), QStringLiteral("systemd-")} << QStringLiteral("systemd-");
        QTest::newRow("a trailing + (install)") << QStringList {QStringLiteral("bash+")} << QStringLiteral("bash+");
        QTest::newRow("a regular expression") << QStringList {QStringLiteral("bas.")} << QStringLiteral("bas.");
        QTest::newRow("a glob") << QStringList {QStringLiteral("bas*")} << QStringLiteral("bas*");
        QTest::newRow("an apt pattern") << QStringList {QStringLiteral("?essential")} << QStringLiteral("?essential");
    }
    void packageNamesReachAptOnlyExactly()
    {
        QFETCH(QStringList, packages);
        QFETCH(QString, refused);
        QProcess sh;
        sh.start(QStringLiteral("sh"), {QStringLiteral("-ec"), AptNames::exactNamesScript(packages)});
        QVERIFY(sh.waitForFinished(60000));
        const QString err = QString::fromUtf8(sh.readAllStandardError());
        if (refused.isEmpty()) {
            QVERIFY2(sh.exitCode() == 0, qPrintable(err));
        } else {
            QCOMPARE(sh.exitCode(), 1);
            QVERIFY2(
                err.contains(QStringLiteral("package '%1' is not a package of the mirror's index by that exact name")
                                 .arg(refused)),
                qPrintable(err));
        }
    }

    // The key is the cache layout: what names every base built so far.
    void theKeyHashesLayoutSuiteMirrorAndPackages()
    {
        QCOMPARE(ImageBuilder::imageLayoutVersion(), QStringLiteral("labforge-image/5"));
        QCOMPARE(Policy::key(QStringLiteral("trixie"), QStringLiteral("http://m/debian"),
                             {QStringLiteral("a"), QStringLiteral("b")}),
                 QStringLiteral("2f7a5b62c5abb2a281b12efb"));
        ImageBuilder builder(m_bundle, ArtifactCache(), options());
        QCOMPARE(builder.baseKey(m_nodes), Policy::key(QStringLiteral("trixie"), DeadMirror, unionOf(m_nodes)));
    }

    void policyReusesTheExactBaseFirst()
    {
        const QString exact = Policy::key(QStringLiteral("trixie"), DeadMirror, abc());
        const QList<Policy::CachedBase> bases {cached(QStringLiteral("superset"), abc() << QStringLiteral("d")),
                                               cached(exact, abc())};
        auto d = Policy::decide(bases, request(abc()));
        QCOMPARE(d.kind, Kind::ReuseExact);
        QCOMPARE(d.key, exact);
        QVERIFY(!d.saveMeta);
        // Only its tar, from an earlier version: reused, and its list is to be written.
        d = Policy::decide({Policy::CachedBase {exact, true, false, {}, {}, {}, {}}}, request(abc()));
        QCOMPARE(d.kind, Kind::ReuseExact);
        QVERIFY(d.saveMeta);
        // A list without its tar is no base.
        Policy::CachedBase noTar = cached(exact, abc());
        noTar.hasTar = false;
        QCOMPARE(Policy::decide({noTar}, request(abc())).kind, Kind::BuildNew);
    }

    void policyPrefersTheSmallestSuperset()
    {
        const QList<Policy::CachedBase> bases {
            cached(QStringLiteral("big"), abc() << QStringLiteral("d") << QStringLiteral("e")),
            cached(QStringLiteral("small1"), abc() << QStringLiteral("d")),
            cached(QStringLiteral("small2"), abc() << QStringLiteral("e")),
            cached(QStringLiteral("lacking"), {QStringLiteral("a"), QStringLiteral("b")})};
        const auto d = Policy::decide(bases, request(abc()));
        QCOMPARE(d.kind, Kind::ReuseSuperset);
        QCOMPARE(d.key, QStringLiteral("small1")); // of two as small, the first listed
        QCOMPARE(d.lacking, QStringList());
    }

    void policyReusesTheBaseLackingFewest()
    {
        const QStringList wanted = abc() << QStringLiteral("d");
        const QList<Policy::CachedBase> bases {
            cached(QStringLiteral("lacks2"), {QStringLiteral("a"), QStringLiteral("b")}),
            cached(QStringLiteral("lacks1big"), abc() << QStringLiteral("z")),
            cached(QStringLiteral("lacks1"), {QStringLiteral("c"), QStringLiteral("b"), QStringLiteral("d")})};
        auto d = Policy::decide(bases, request(wanted));
        QCOMPARE(d.kind, Kind::ReuseLacking);
        QCOMPARE(d.key, QStringLiteral("lacks1"));
        QCOMPARE(d.lacking, QStringList {QStringLiteral("a")});
        // At most maxLacking: two lacking are fine with 2, not with 1, nor with 0 or less.
        d = Policy::decide({bases[0]}, request(wanted, 2));
        QCOMPARE(d.kind, Kind::ReuseLacking);
        QCOMPARE(d.lacking, (QStringList {QStringLiteral("c"), QStringLiteral("d")})); // in request order
        // Beyond it, a new base is derived from that one.
        QCOMPARE(Policy::decide({bases[0]}, request(wanted, 1)).kind, Kind::Derive);
        QCOMPARE(Policy::decide({bases[2]}, request(wanted, 0)).kind, Kind::Derive);
        QCOMPARE(Policy::decide({bases[2]}, request(wanted, -3)).kind, Kind::Derive);
    }

    // Lacking too much for the nodes to install it, the new base (the request's own key) is
    // derived by apt from the cached one lacking fewest, then holding fewest others; never
    // from another layout, suite or mirror, never for an offline kit's mirror, never when
    // forced.
    void policyDerivesFromTheBaseHoldingMost()
    {
        const QStringList wanted = abc() << QStringLiteral("d");
        const QString exact = Policy::key(QStringLiteral("trixie"), DeadMirror, wanted);
        const QList<Policy::CachedBase> bases {
            cached(QStringLiteral("lacks3"), {QStringLiteral("a")}),
            cached(QStringLiteral("lacks2many"),
                   {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("y"), QStringLiteral("x"),
                    QStringLiteral("z")}),
            cached(QStringLiteral("lacks2"), {QStringLiteral("z"), QStringLiteral("b"), QStringLiteral("d")}),
            cached(QStringLiteral("bookworm"), wanted, QStringLiteral("bookworm"))};
        auto d = Policy::decide(bases, request(wanted, 1));
        QCOMPARE(d.kind, Kind::Derive);
        QCOMPARE(d.key, exact);
        QCOMPARE(d.from, QStringLiteral("lacks2"));
        QCOMPARE(d.lacking, (QStringList {QStringLiteral("a"), QStringLiteral("c")}));
        QCOMPARE(d.surplus, QStringList {QStringLiteral("z")});
        d = Policy::decide({bases[1]}, request(wanted, 1));
        QCOMPARE(d.from, QStringLiteral("lacks2many"));
        QCOMPARE(d.surplus, (QStringList {QStringLiteral("x"), QStringLiteral("y"), QStringLiteral("z")}));
        QCOMPARE(Policy::decide({bases[3]}, request(wanted, 1)).kind, Kind::BuildNew);
        Policy::Request kit = request(wanted, 1);
        kit.mirror = QStringLiteral("file:///srv/kit/debian");
        Policy::CachedBase kitBase = cached(QStringLiteral("kit"), {QStringLiteral("a")});
        kitBase.mirror = kit.mirror;
        QCOMPARE(Policy::decide({kitBase}, kit).kind, Kind::BuildNew);
        Policy::Request forced = request(wanted, 1);
        forced.force = true;
        QCOMPARE(Policy::decide(bases, forced).kind, Kind::BuildNew);
    }

    void policyIgnoresOtherLayoutsSuitesAndMirrors()
    {
        Policy::CachedBase oldLayout = cached(QStringLiteral("old"), abc());
        oldLayout.layout = QStringLiteral("labforge-image/1");
        const QList<Policy::CachedBase> bases {
            oldLayout, cached(QStringLiteral("bookworm"), abc(), QStringLiteral("bookworm")),
            cached(QStringLiteral("mirror"), abc(), QStringLiteral("trixie"),
                   QStringLiteral("http://elsewhere/debian")),
            Policy::CachedBase {QStringLiteral("bare"), true, false, {}, {}, {}, {}}};
        const auto d = Policy::decide(bases, request(abc()));
        QCOMPARE(d.kind, Kind::BuildNew);
        QCOMPARE(d.key, Policy::key(QStringLiteral("trixie"), DeadMirror, abc()));
    }

    void policyBuildsNewWhenForced()
    {
        const QString exact = Policy::key(QStringLiteral("trixie"), DeadMirror, abc());
        Policy::Request r = request(abc());
        r.force = true;
        const auto d =
            Policy::decide({cached(exact, abc()), cached(QStringLiteral("superset"), abc() << QStringLiteral("d"))}, r);
        QCOMPARE(d.kind, Kind::BuildNew);
        QCOMPARE(d.key, exact);
    }

    void policyReadsTheBasesDirectory()
    {
        const QString dir = RunnerPaths::bases();
        plantBase(QStringLiteral("bbbb"), QStringLiteral("trixie"), abc());
        plantBase(QStringLiteral("aaaa"), QStringLiteral("bookworm"), {QStringLiteral("x")});
        const auto touch = [&dir](const QString &name, const QByteArray &content = {}) {
            QFile f(dir + QLatin1Char('/') + name);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(content);
        };
        touch(QStringLiteral("cccc.tar")); // from an earlier version: no list
        touch(QStringLiteral("dddd.json"), "not json"); // a list without its tar
        touch(QStringLiteral("eeee.tar.partial")); // an interrupted mmdebstrap
        const Policy policy(dir);
        const auto bases = policy.read();
        QCOMPARE(bases.size(), 4);
        QCOMPARE(bases[0].key, QStringLiteral("aaaa"));
        QCOMPARE(bases[0].suite, QStringLiteral("bookworm"));
        QCOMPARE(bases[0].packages, QStringList {QStringLiteral("x")});
        QCOMPARE(bases[1].key, QStringLiteral("bbbb"));
        QVERIFY(bases[1].hasTar && bases[1].hasMeta);
        QCOMPARE(bases[1].layout, ImageBuilder::imageLayoutVersion());
        QCOMPARE(bases[1].mirror, DeadMirror);
        QCOMPARE(bases[1].packages, abc());
        QCOMPARE(bases[2].key, QStringLiteral("dddd"));
        QVERIFY(!bases[2].hasTar && bases[2].hasMeta);
        QCOMPARE(bases[2].layout, QString());
        QCOMPARE(bases[3].key, QStringLiteral("cccc"));
        QVERIFY(bases[3].hasTar && !bases[3].hasMeta);
        QCOMPARE(policy.tarPath(QStringLiteral("bbbb")), dir + QStringLiteral("/bbbb.tar"));
        QCOMPARE(policy.metaPath(QStringLiteral("bbbb")), dir + QStringLiteral("/bbbb.json"));
        // What meta() writes, read() reads back.
        Policy::Request r = request({QStringLiteral("p"), QStringLiteral("q")});
        touch(QStringLiteral("ffff.json"), Policy::meta(r));
        touch(QStringLiteral("ffff.tar"));
        const auto again = policy.read();
        QCOMPARE(again.size(), 5);
        const Policy::CachedBase &ffff = again[3]; // listed ones by name, then cccc.tar
        QCOMPARE(again[4].key, QStringLiteral("cccc"));
        QCOMPARE(ffff.key, QStringLiteral("ffff"));
        QCOMPARE(ffff.packages, r.packages);
        QCOMPARE(ffff.suite, r.suite);
        QCOMPARE(ffff.mirror, r.mirror);
        QCOMPARE(Policy::decide(policy.read(), r).key, QStringLiteral("ffff"));
        r.force = true;
        QCOMPARE(policy.decide(r).kind, Kind::BuildNew);
    }

    // A node's image is built in named steps: each is logged before it runs, and the one
    // that fails names the error. A base that is no tar fails the unpacking, and the work
    // directory goes with it.
    void aFailedStepIsNamedAndLeavesNothing()
    {
        plantBase(QStringLiteral("ffffffffffffffffffffffff"), QStringLiteral("trixie"), unionOf(m_nodes));
        QList<RunEvent> events;
        ImageBuilder::Options o = options();
        o.scratchInMemory = false;
        o.events = [&events](const RunEvent &e) {
            events.append(e);
        };
        ImageBuilder builder(m_bundle, ArtifactCache(), o);
        const QString node = m_nodes.constFirst();
        const ImageBuilder::Base base {RunnerPaths::bases() + QStringLiteral("/ffffffffffffffffffffffff.tar"),
                                       QStringLiteral("ffffffffffffffffffffffff"),
                                       {}};
        QString error;
        QVERIFY(!builder.buildNode(node, base, &error));
        QVERIFY2(error.startsWith(node + QStringLiteral(": step 'unpack' failed: tar --numeric-owner")),
                 qPrintable(error));
        QStringList seen;
        for (const RunEvent &e : std::as_const(events)) {
            if (e.node == node && (e.type != RunEvent::Type::Log || e.message.startsWith(QLatin1String("step "))))
                seen.append(e.message);
        }
        QCOMPARE(seen,
                 (QStringList {QStringLiteral("building"), QStringLiteral("step work-directory"),
                               QStringLiteral("step scratch"), QStringLiteral("step unpack"),
                               QStringLiteral("unpacking the base")}));
        QCOMPARE(leftovers(), QStringList());
        QString why;
        QVERIFY(!QFile::exists(RunnerPaths::nodeImages(m_lab.name, node, &why) + QStringLiteral("/disk.qcow2")));
    }

    // A build killed mid-way (SIGKILL: no clean-up runs) leaves its work directory with a
    // tmpfs mounted on it; the next build removes both, and says so. Here `labforge build`
    // waits in its unpack step on a base that is a FIFO, its scratch tmpfs mounted, and is
    // killed there. Its lock file is then aged (a lock younger than a minute may be one
    // being created); a work directory whose owner is alive (held here) stays.
    void aBuildKilledMidwayIsSweptByTheNext()
    {
        if (geteuid() != 0)
            QSKIP("needs root: the build mounts its scratch tmpfs");
        QVERIFY(QDir(RunnerPaths::work()).removeRecursively());
        const auto unmount = qScopeGuard([] { // when the test fails: nothing left on the host
            for (const QString &point : WorkDirectory::mountsUnder(RunnerPaths::work()))
                QProcess::execute(QStringLiteral("umount"), {QStringLiteral("-l"), point});
        });
        ImageBuilder builder(m_bundle, ArtifactCache(), options());
        const QString key = builder.baseKey(m_nodes);
        plantBase(key, QStringLiteral("trixie"), unionOf(m_nodes));
        const QString tar = RunnerPaths::bases() + QLatin1Char('/') + key + QStringLiteral(".tar");
        QVERIFY(QFile::remove(tar));
        QCOMPARE(::mkfifo(QFile::encodeName(tar).constData(), 0600), 0);

        QProcess build;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("LABFORGE_DEBIAN_MIRROR"), DeadMirror);
        build.setProcessEnvironment(env);
        build.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        build.start(qEnvironmentVariable("LABFORGE_BINARY"),
                    {QStringLiteral("build"), QStringLiteral("--template"), m_lab.name, QStringLiteral("--node"),
                     m_nodes.constFirst(), QStringLiteral("--jobs"), QStringLiteral("1")});
        QVERIFY(build.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(!WorkDirectory::mountsUnder(RunnerPaths::work()).isEmpty(), 60000);
        build.kill();
        QVERIFY(build.waitForFinished());
        // The orphaned tar still waits on the FIFO: an end of file lets it go.
        const int fifo = ::open(QFile::encodeName(tar).constData(), O_WRONLY | O_NONBLOCK);
        if (fifo >= 0)
            ::close(fifo);

        const QStringList mounts = WorkDirectory::mountsUnder(RunnerPaths::work());
        QCOMPARE(mounts.size(), 1);
        const QString &stale = mounts.constFirst();
        QVERIFY2(QFileInfo::exists(stale + QStringLiteral(".lock")), qPrintable(leftovers().join(QLatin1Char('\n'))));
        // A live build with a mount of its own, and a bare ".lock" (which names no directory:
        // sweeping it would sweep the whole work directory, the live build's mount too).
        const WorkDirectory alive(RunnerPaths::work(), QStringLiteral("alive"));
        QVERIFY(alive.isValid());
        QCOMPARE(QProcess::execute(
                     QStringLiteral("mount"),
                     {QStringLiteral("-t"), QStringLiteral("tmpfs"), QStringLiteral("labforge-test"), alive.path()}),
                 0);
        const QString bare = RunnerPaths::work() + QStringLiteral("/.lock");
        const QDateTime old = QDateTime::currentDateTime().addSecs(-120);
        for (const QString &lock : {stale + QStringLiteral(".lock"), alive.path() + QStringLiteral(".lock"), bare}) {
            QFile f(lock);
            QVERIFY(f.open(QIODevice::ReadWrite));
            QVERIFY(f.setFileTime(old, QFileDevice::FileModificationTime));
        }

        QStringList messages;
        ImageBuilder next(m_bundle, ArtifactCache(), options(&messages));
        QVERIFY(QFile::remove(tar));
        plantBase(key, QStringLiteral("trixie"), unionOf(m_nodes));
        QString error;
        QVERIFY2(next.buildBase(m_nodes, &error), qPrintable(error));
        QVERIFY2(
            messages.contains(
                QStringLiteral("removed %1, left by a build that ended without cleaning up (unmounted %1)").arg(stale)),
            qPrintable(messages.join(QLatin1Char('\n'))));
        QCOMPARE(WorkDirectory::mountsUnder(RunnerPaths::work()), QStringList {alive.path()});
        QVERIFY(QFile::exists(bare));
        QCOMPARE(QProcess::execute(QStringLiteral("umount"), {alive.path()}), 0);
        QCOMPARE(leftovers(),
                 (QStringList {QFileInfo(alive.path()).fileName(),
                               QFileInfo(alive.path()).fileName() + QStringLiteral(".lock")}));
    }

    // Opt-in, as root: LABFORGE_TEST_BASE names a cached base tar of the current layout (its
    // <key>.json beside it), LABFORGE_TEST_LAB and LABFORGE_TEST_NODE a built-in lab and a
    // node of it without artifacts that the base serves (by default slurm-native's first).
    // Builds that node's image for real (minutes), then again (reused), then with a unit
    // that does not exist (fails in a chroot with /proc mounted: nothing may be left), then
    // as from a base lacking one of its packages (installed from the base's mirror).
    // LABFORGE_TEST_KEEP names a directory to copy the image into, to compare builds.
    void aRealNodeImage()
    {
        const QString baseTar = qEnvironmentVariable("LABFORGE_TEST_BASE");
        if (baseTar.isEmpty() || geteuid() != 0)
            QSKIP("opt-in: as root, with LABFORGE_TEST_BASE=<a cached base .tar>");
        const Lab lab = TestLabs::builtIn(qEnvironmentVariable("LABFORGE_TEST_LAB", QStringLiteral("slurm-native")));
        Bundle bundle = BundleGenerator::generate(lab);
        QVERIFY(bundle.ok());
        const QString node = qEnvironmentVariable("LABFORGE_TEST_NODE", lab.nodes.value(0).id);
        const QString key = QFileInfo(baseTar).completeBaseName();
        QFile metaFile(QFileInfo(baseTar).path() + QLatin1Char('/') + key + QStringLiteral(".json"));
        QVERIFY(metaFile.open(QIODevice::ReadOnly));
        const QJsonObject meta = QJsonDocument::fromJson(metaFile.readAll()).object();
        QDir().mkpath(RunnerPaths::bases());
        QVERIFY(QFile::link(baseTar, RunnerPaths::bases() + QLatin1Char('/') + key + QStringLiteral(".tar")));
        QVERIFY(metaFile.copy(RunnerPaths::bases() + QLatin1Char('/') + key + QStringLiteral(".json")));

        QList<RunEvent> events;
        ImageBuilder::Options o;
        o.mirror = meta.value(QStringLiteral("mirror")).toString();
        o.labName = lab.name;
        o.events = [&events](const RunEvent &e) {
            events.append(e);
        };
        const auto steps = [&events, &node] {
            QStringList seen;
            for (const RunEvent &e : std::as_const(events)) {
                if (e.node == node && e.type == RunEvent::Type::Log && e.message.startsWith(QLatin1String("step ")))
                    seen.append(e.message.mid(5));
            }
            return seen;
        };
        const auto progress = [&events, &node] {
            QStringList seen;
            for (const RunEvent &e : std::as_const(events)) {
                if (e.node == node && e.type == RunEvent::Type::NodeState)
                    seen.append(QStringLiteral("node %1 %2").arg(e.progress).arg(e.message));
                else if (e.node == node && e.type == RunEvent::Type::StageProgress)
                    seen.append(QStringLiteral("progress %1 %2").arg(e.progress).arg(e.message));
                else if (e.node == node && e.type != RunEvent::Type::Log)
                    seen.append(QStringLiteral("other %1").arg(e.message));
            }
            return seen;
        };
        ImageBuilder builder(bundle, ArtifactCache(), o);
        QString error;
        const auto base = builder.buildBase({node}, &error);
        QVERIFY2(base, qPrintable(error));
        QCOMPARE(base->key, key);
        QCOMPARE(base->lacking, QStringList());
        events.clear();
        const auto image = builder.buildNode(node, *base, &error);
        QVERIFY2(image, qPrintable(error));
        QVERIFY(image->rebuilt);
        const QStringList expected {
            QStringLiteral("node 0 building"),
            QStringLiteral("progress 0.05 unpacking the base"),
            QStringLiteral("progress 0.15 keeping only this node's packages"),
            QStringLiteral("progress 0.35 overlay files"),
            QStringLiteral("progress 0.45 pinned artifacts"),
            QStringLiteral("progress 0.55 labforge seed service, fstab, machine id"),
            QStringLiteral("progress 0.6 build script"),
            QStringLiteral("progress 0.7 enabling units"),
            QStringLiteral("progress 0.75 kernel and initrd"),
            QStringLiteral("progress 0.8 root filesystem and qcow2"),
            QStringLiteral("node 1 built"),
        };
        QCOMPARE(progress(), expected);
        const QStringList allSteps {
            QStringLiteral("work-directory"), QStringLiteral("scratch"),        QStringLiteral("unpack"),
            QStringLiteral("prepare-chroot"), QStringLiteral("prune-packages"), QStringLiteral("overlay"),
            QStringLiteral("artifacts"),      QStringLiteral("seed-service"),   QStringLiteral("build-script"),
            QStringLiteral("units"),          QStringLiteral("tidy-tree"),      QStringLiteral("kernel-initrd"),
            QStringLiteral("disk"),           QStringLiteral("stamp")};
        QCOMPARE(steps(), allSteps);
        for (const QString &f : {image->disk, image->kernel, image->initrd})
            QVERIFY2(QFileInfo(f).size() > 0, qPrintable(f));
        QFile stamp(QFileInfo(image->disk).path() + QStringLiteral("/inputs.sha256"));
        QVERIFY(stamp.open(QIODevice::ReadOnly));
        QCOMPARE(stamp.readAll(), image->inputsHash.toLatin1() + '\n');
        QCOMPARE(leftovers(), QStringList());
        if (const QString keep = qEnvironmentVariable("LABFORGE_TEST_KEEP"); !keep.isEmpty()) {
            QDir().mkpath(keep);
            for (const QString &f : {image->disk, image->kernel, image->initrd, stamp.fileName()}) {
                QFile::remove(keep + QLatin1Char('/') + QFileInfo(f).fileName());
                QVERIFY(QFile::copy(f, keep + QLatin1Char('/') + QFileInfo(f).fileName()));
            }
        }

        events.clear();
        const auto again = builder.buildNode(node, *base, &error);
        QVERIFY2(again, qPrintable(error));
        QVERIFY(!again->rebuilt);
        QCOMPARE(again->inputsHash, image->inputsHash);
        QCOMPARE(progress(), QStringList {QStringLiteral("node 1 unchanged, reused")});

        for (Bundle::NodeImage &n : bundle.nodes) {
            if (n.nodeId == node)
                n.output.units.append(QStringLiteral("labforge-no-such.service"));
        }
        ImageBuilder::Options forced = o;
        forced.force = true;
        events.clear();
        QVERIFY(!ImageBuilder(bundle, ArtifactCache(), forced).buildNode(node, *base, &error));
        QVERIFY2(error.startsWith(node + QStringLiteral(": step 'units' failed: systemctl --root=")),
                 qPrintable(error));
        QCOMPARE(progress().constLast(), QStringLiteral("progress 0.7 enabling units"));
        QCOMPARE(steps(), allSteps.mid(0, allSteps.indexOf(QStringLiteral("units")) + 1));
        QCOMPARE(leftovers(), QStringList());
        QVERIFY(QFile::exists(image->disk)); // the image built before stays

        QString package;
        for (const QString &p : bundle.node(node)->output.packages) {
            if (!p.contains(QLatin1Char('=')))
                package = p;
        }
        const ImageBuilder::Base lacking {base->tar, base->key, {package, QStringLiteral("not-of-this-node")}};
        events.clear();
        const Bundle original = BundleGenerator::generate(lab); // without the unit that does not exist
        const auto installed = ImageBuilder(original, ArtifactCache(), forced).buildNode(node, lacking, &error);
        QVERIFY2(installed, qPrintable(error));
        QStringList withInstall = expected;
        withInstall.insert(2, QStringLiteral("progress 0.1 installing what the base lacks: ") + package);
        QCOMPARE(progress(), withInstall);
        QStringList stepsWithInstall = allSteps;
        stepsWithInstall.insert(stepsWithInstall.indexOf(QStringLiteral("prune-packages")),
                                QStringLiteral("install-lacking"));
        QCOMPARE(steps(), stepsWithInstall);
        QCOMPARE(installed->inputsHash, image->inputsHash);
        QCOMPARE(leftovers(), QStringList());
    }

    // File capabilities survive every path a tree takes with labforge's tar options (packed,
    // unpacked, mkfs.ext4 -d), and the check finds them lost where a tar drops them, as one
    // without --xattrs does. A capability needs root to be set.
    void fileCapabilitiesSurviveTarAndExt4()
    {
        if (geteuid() != 0)
            QSKIP("setting a file capability needs root");
        QTemporaryDir dir;
        const QString tree = dir.filePath(QStringLiteral("tree"));
        // A path beyond a ustar name's 100 bytes: tar gives it in a pax record.
        const QString deep = QStringLiteral("/usr/lib/") + QString(90, QLatin1Char('d')) + QStringLiteral("/tool");
        QVERIFY(QDir().mkpath(tree + QStringLiteral("/usr/bin")) && QDir().mkpath(tree + deep.section(u'/', 0, -2)));
        for (const QString &f : {QStringLiteral("/usr/bin/arping"), QStringLiteral("/usr/bin/plain"), deep})
            QVERIFY(QFile::copy(QStringLiteral("/bin/true"), tree + f));
        QVERIFY(QFile::link(QStringLiteral("arping"), tree + QStringLiteral("/usr/bin/arping-link")));
        const auto run = [](const QString &program, const QStringList &args) {
            const auto r = HostCommand(program, args).timeout(60000).run();
            return r.ok() ? QString() : r.describe(program);
        };
        QString error =
            run(QStringLiteral("setcap"), {QStringLiteral("cap_net_raw+ep"), tree + QStringLiteral("/usr/bin/arping")});
        QVERIFY2(error.isEmpty(), qPrintable(error));
        error = run(QStringLiteral("setcap"), {QStringLiteral("cap_net_admin+p"), tree + deep});
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const FileCapabilities::Map inTree = FileCapabilities::ofTree(tree);
        QCOMPARE(inTree.keys(), (QStringList {QStringLiteral("/usr/bin/arping"), deep}));
        QCOMPARE(inTree.value(QStringLiteral("/usr/bin/arping")).toHex(),
                 QByteArray("0100000200200000000000000000000000000000"));

        const QString tar = dir.filePath(QStringLiteral("tree.tar"));
        error = run(QStringLiteral("tar"),
                    ImageCommands::treeTarOptions()
                        + QStringList {QStringLiteral("-cf"), tar, QStringLiteral("-C"), tree, QStringLiteral(".")});
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const auto inTar = FileCapabilities::ofTar(tar, &error);
        QVERIFY2(inTar, qPrintable(error));
        QCOMPARE(*inTar, inTree);

        const QString kept = dir.filePath(QStringLiteral("kept"));
        QVERIFY(QDir().mkpath(kept));
        error = run(QStringLiteral("tar"),
                    ImageCommands::treeTarOptions()
                        + QStringList {QStringLiteral("-xpf"), tar, QStringLiteral("-C"), kept});
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(FileCapabilities::check(*inTar, FileCapabilities::ofTree(kept), QStringLiteral("unpacking")),
                 QString());
        // Without the extended attributes, as tar unpacks by default: both are reported lost.
        const QString dropped = dir.filePath(QStringLiteral("dropped"));
        QVERIFY(QDir().mkpath(dropped));
        error = run(QStringLiteral("tar"),
                    {QStringLiteral("--numeric-owner"), QStringLiteral("-xpf"), tar, QStringLiteral("-C"), dropped});
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const QString lost =
            FileCapabilities::check(*inTar, FileCapabilities::ofTree(dropped), QStringLiteral("unpacking"));
        QVERIFY2(lost.startsWith(QStringLiteral("2 file capability(ies) lost unpacking: "))
                     && lost.contains(QStringLiteral("/usr/bin/arping (0100000200200000")),
                 qPrintable(lost));
        // A file the node does not keep is not expected.
        QFile::remove(dropped + deep);
        QCOMPARE(FileCapabilities::presentIn(*inTar, dropped).keys(), QStringList {QStringLiteral("/usr/bin/arping")});

        const QString raw = dir.filePath(QStringLiteral("root.raw"));
        QFile image(raw);
        QVERIFY(image.open(QIODevice::WriteOnly) && image.resize(qint64(64) << 20));
        image.close();
        error = run(QStringLiteral("mkfs.ext4"),
                    {QStringLiteral("-F"), QStringLiteral("-q"), QStringLiteral("-d"), kept, raw});
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const auto onDisk = FileCapabilities::ofExt4(
            raw, inTree.keys() << QStringLiteral("/usr/bin/plain") << QStringLiteral("/no/such/file"), &error);
        QVERIFY2(onDisk, qPrintable(error));
        QCOMPARE(*onDisk, inTree);
        // A filesystem made from the tree that lost them holds none.
        error = run(QStringLiteral("mkfs.ext4"),
                    {QStringLiteral("-F"), QStringLiteral("-q"), QStringLiteral("-d"), dropped, raw});
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const auto none = FileCapabilities::ofExt4(raw, inTree.keys(), &error);
        QVERIFY2(none, qPrintable(error));
        QVERIFY(none->isEmpty());
        QCOMPARE(FileCapabilities::lost(inTree, *none).size(), 2);
    }
};

QTEST_GUILESS_MAIN(TestImageCache)
#include "tst_imagecache.moc"
