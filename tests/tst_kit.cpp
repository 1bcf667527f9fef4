// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// Offline kits on loopback: a small OCI image built here (umoci, busybox-static) served by
// Debian's docker-registry on 127.0.0.1, pinned by `labforge pins lock`, exported with the
// lab's artifacts and Debian packages (a package cache with a signed index, made here with a
// test key), imported into an empty cache with the registry stopped; and every kind of
// tampering refused with nothing imported.
#include "BundleGenerator.h"
#include "ContainerImageCache.h"
#include "FeatureModules.h"
#include "LabReader.h"
#include "OfflineKit.h"
#include "PinsLock.h"
#include "Sha256.h"
#include "TestLabs.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace Labforge;

namespace {

struct Run
{
    int exitCode = -1;
    QString out, err;
};

Run run(const QString &program, const QStringList &args, const QProcessEnvironment &env = {})
{
    QProcess p;
    if (!env.isEmpty())
        p.setProcessEnvironment(env);
    p.start(program, args);
    if (!p.waitForFinished(600000))
        return {};
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

Run labforge(const QStringList &args)
{
    return run(qEnvironmentVariable("LABFORGE_BINARY"), args);
}

QString fixtures()
{
    return qEnvironmentVariable("LABFORGE_SOURCE_DIR") + QStringLiteral("/tests/kit/fixtures.sh");
}

bool writeFile(const QString &path, const QByteArray &content)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(content) == content.size();
}

} // namespace

class TestKit : public QObject
{
    Q_OBJECT

public:
    static void initMain() { FeatureModules::install(); }

private:
    QTemporaryDir m_dir;
    QString m_gpgHome;
    QString m_keyring;
    int m_port = 0;
    QString m_lock;
    QString m_lab;
    QString m_cacheRoot; // what a site with egress has after `pins lock` and a build
    QString m_unpinnedLock;
    QStringList m_packages;

    QString path(const QString &name) const { return m_dir.filePath(name); }
    Run gpg(const QStringList &args) const
    {
        return run(QStringLiteral("gpg"),
                   QStringList {QStringLiteral("--homedir"), m_gpgHome, QStringLiteral("--batch"),
                                QStringLiteral("--quiet"), QStringLiteral("--pinentry-mode"),
                                QStringLiteral("loopback"), QStringLiteral("--passphrase"), QString()}
                       + args);
    }
    void stopRegistry()
    {
        QFile pid(path(QStringLiteral("image/registry.pid")));
        if (pid.open(QIODevice::ReadOnly))
            QProcess::execute(QStringLiteral("kill"), {QString::fromLatin1(pid.readAll().trimmed())});
    }
    // The kit unpacked into DIR, changed by `change`, packed again as FILE.
    bool repack(const QString &kit, const QString &file, const std::function<bool(const QString &)> &change)
    {
        const QString dir = file + QStringLiteral(".d");
        QDir().mkpath(dir);
        return run(QStringLiteral("tar"), {QStringLiteral("-xf"), kit, QStringLiteral("-C"), dir}).exitCode == 0
            && change(dir)
            && run(QStringLiteral("tar"),
                   {QStringLiteral("--sparse"), QStringLiteral("-cf"), file, QStringLiteral("-C"), dir,
                    QStringLiteral(".")})
                   .exitCode
            == 0;
    }
    // `kit import` of FILE into a new, empty cache: the run, and whether the cache stayed empty.
    std::pair<Run, bool> importInto(const QString &file, const QString &name, const QStringList &more = {})
    {
        const QString root = path(name);
        const Run r =
            labforge(QStringList {QStringLiteral("kit"), QStringLiteral("import"), file, QStringLiteral("--cache-root"),
                                  root, QStringLiteral("--keyring"), m_keyring}
                     + more);
        QStringList left = QDir(root).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden);
        return {r, left.isEmpty()};
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        for (const char *tool : {"docker-registry", "skopeo", "umoci", "gpg", "dpkg-scanpackages", "apt-ftparchive"})
            QVERIFY2(QFile::exists(QStringLiteral("/usr/bin/") + QLatin1String(tool)),
                     tool); // scripts/deps.sh installs them
        // A release key of a test "Debian", and its keyring for `kit import --keyring`.
        m_gpgHome = path(QStringLiteral("gnupg"));
        QDir().mkpath(m_gpgHome);
        QFile::setPermissions(m_gpgHome, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        QCOMPARE(gpg({QStringLiteral("--quick-gen-key"), QStringLiteral("Test archive key <archive@example.invalid>"),
                      QStringLiteral("ed25519"), QStringLiteral("sign"), QStringLiteral("never")})
                     .exitCode,
                 0);
        m_keyring = path(QStringLiteral("archive-keyring.gpg"));
        QCOMPARE(gpg({QStringLiteral("--output"), m_keyring, QStringLiteral("--export")}).exitCode, 0);

        // The image, served on loopback.
        m_port = 20000 + int(QRandomGenerator::global()->bounded(20000));
        const Run image =
            run(QStringLiteral("bash"),
                {fixtures(), QStringLiteral("image"), path(QStringLiteral("image")), QString::number(m_port)});
        QVERIFY2(image.exitCode == 0, qPrintable(image.err));

        // A lock that lists it (no digest yet), and the lab that runs it.
        m_lock = path(QStringLiteral("pins.lock.json"));
        QVERIFY(writeFile(m_lock, TestLabs::kitLock(m_port)));
        // The lab's lock as the offline site has it: the same pins, no digest yet.
        m_unpinnedLock = path(QStringLiteral("unpinned.lock.json"));
        QVERIFY(writeFile(m_unpinnedLock, TestLabs::kitLock(m_port)));
        // One node with containerd and the pinned image (the lab tst_vm_kit boots).
        m_lab = qEnvironmentVariable("LABFORGE_SOURCE_DIR") + QStringLiteral("/tests/data/labs/kit-lab.lab.json");

        // What a site with egress has: the lock pinned from the registry …
        m_cacheRoot = path(QStringLiteral("site"));
        const Run locked = labforge({QStringLiteral("pins"), QStringLiteral("lock"), QStringLiteral("--lock"), m_lock,
                                     QStringLiteral("--cache"), m_cacheRoot + QStringLiteral("/artifacts")});
        QVERIFY2(locked.exitCode == 0
                     && locked.out.contains(QStringLiteral("hello/hello 127.0.0.1:%1/lab/hello@sha256:").arg(m_port)),
                 qPrintable(locked.out + locked.err));
        // … and the packages of the lab's images in its package cache, with the signed index.
        const auto pins = PinsLock::fromFile(m_lock);
        QVERIFY(pins);
        QCOMPARE(pins->images(QStringLiteral("hello")).value(0).provenance, PinnedArtifact::Provenance::FirstPull);
    }

    void cleanupTestCase()
    {
        stopRegistry();
        QProcess::execute(
            QStringLiteral("gpgconf"),
            {QStringLiteral("--homedir"), m_gpgHome, QStringLiteral("--kill"), QStringLiteral("gpg-agent")});
    }

    // The image by its digest: the pinned manifest byte for byte, its config and layer, each
    // checked; an archive with one byte changed is refused.
    void anImageIsFetchedByDigestAndVerified()
    {
        const auto pins = PinsLock::fromFile(m_lock);
        const PinnedArtifact hello = pins->images(QStringLiteral("hello")).value(0);
        QTemporaryDir cache;
        const ContainerImageCache images(cache.path());
        ArtifactFetcher fetcher;
        QString error;
        QVERIFY2(images.fetch(hello, fetcher, &error), qPrintable(error));
        QVERIFY(images.contains(hello));
        QVERIFY2(ContainerImageCache::verifyArchive(images.pathFor(hello), hello, &error), qPrintable(error));
        const QString layout = cache.filePath(QStringLiteral("layout"));
        QDir().mkpath(layout);
        QCOMPARE(
            run(QStringLiteral("tar"), {QStringLiteral("-xf"), images.pathFor(hello), QStringLiteral("-C"), layout})
                .exitCode,
            0);
        QVERIFY(QFile::exists(layout + QStringLiteral("/blobs/sha256/") + hello.sha256));
        QVERIFY(QFile(layout + QStringLiteral("/index.json")).open(QIODevice::ReadOnly));
        // One layer blob changed.
        const QStringList blobs = QDir(layout + QStringLiteral("/blobs/sha256")).entryList(QDir::Files);
        QString largest;
        for (const QString &b : blobs) {
            if (largest.isEmpty()
                || QFileInfo(layout + QStringLiteral("/blobs/sha256/") + b).size()
                    > QFileInfo(layout + QStringLiteral("/blobs/sha256/") + largest).size())
                largest = b;
        }
        QFile layer(layout + QStringLiteral("/blobs/sha256/") + largest);
        QVERIFY(layer.open(QIODevice::ReadWrite));
        layer.seek(100);
        layer.write("X");
        layer.close();
        QVERIFY(!ContainerImageCache::verifyLayout(layout, hello, &error));
        QVERIFY2(error.contains(QStringLiteral("the blob sha256:%1 does not hold its digest").arg(largest)),
                 qPrintable(error));
    }

    // Exported where the registry and the package cache are, imported into an empty cache with
    // the registry stopped: the image by its digest, Debian's signed index and the .debs as
    // the build mirror, the lock beside them.
    void aKitRoundTripsIntoAnEmptyCache()
    {
        const auto pins = PinsLock::fromFile(m_lock);
        QVERIFY(pins);
        const auto read = LabReader::readFile(m_lab);
        QVERIFY2(read.lab, qPrintable(read.errors.isEmpty() ? QString() : read.errors.first().toString(m_lab)));
        const Bundle bundle = BundleGenerator::generate(*read.lab, *pins);
        QVERIFY2(bundle.ok(), qPrintable(bundle.errors.join(u'\n')));
        const OfflineKit::Contents contents = OfflineKit::contentsOf(bundle, read.lab->name);
        QCOMPARE(contents.images.size(), 1);
        QVERIFY(contents.packages.contains(QStringLiteral("containerd")));
        // Pinned: nothing to refuse up front; without the digest, refused before any work,
        // naming the image and the remedy.
        QCOMPARE(OfflineKit::exportRefusal(contents), QString());
        OfflineKit::Contents unpinned = contents;
        unpinned.images[0].sha256.clear();
        const QString refusal = OfflineKit::exportRefusal(unpinned);
        QVERIFY2(refusal.contains(contents.images.first().imageReference())
                     && refusal.contains(QStringLiteral("pins lock")),
                 qPrintable(refusal));
        const Run debian =
            run(QStringLiteral("bash"),
                QStringList {fixtures(), QStringLiteral("debian"), m_cacheRoot, m_gpgHome, contents.suite}
                    + contents.packages);
        QVERIFY2(debian.exitCode == 0, qPrintable(debian.err));

        const QString kit = path(QStringLiteral("kit-lab.kit"));
        const Run exported = labforge({QStringLiteral("kit"), QStringLiteral("export"), m_lab, kit,
                                       QStringLiteral("--pins"), m_lock, QStringLiteral("--cache-root"), m_cacheRoot});
        QVERIFY2(exported.exitCode == 0, qPrintable(exported.out + exported.err));
        const PinnedArtifact hello = pins->images(QStringLiteral("hello")).value(0);
        QVERIFY2(exported.out.contains(QStringLiteral("image %1").arg(hello.pinnedImageReference())),
                 qPrintable(exported.out));
        QVERIFY2(exported.out.contains(QStringLiteral("Debian %1: %2 packages with Debian's signed index")
                                           .arg(contents.suite)
                                           .arg(contents.packages.size())),
                 qPrintable(exported.out));

        stopRegistry(); // from here on, nothing comes from the network
        const auto [imported, empty] =
            importInto(kit, QStringLiteral("imported"), {QStringLiteral("--pins"), m_unpinnedLock});
        QVERIFY2(imported.exitCode == 0, qPrintable(imported.out + imported.err));
        QVERIFY(!empty);
        const QString root = path(QStringLiteral("imported"));
        const ContainerImageCache images(root + QStringLiteral("/artifacts"));
        QString error;
        QVERIFY2(images.contains(hello) && ContainerImageCache::verifyArchive(images.pathFor(hello), hello, &error),
                 qPrintable(error));
        QVERIFY(QFile::exists(root + QStringLiteral("/kit/debian/dists/%1/InRelease").arg(contents.suite)));
        QCOMPARE(QDir(root + QStringLiteral("/kit/debian/pool/main/c/containerd")).entryList(QDir::Files),
                 QStringList {QStringLiteral("containerd_1.0-1_amd64.deb")});
        const auto kitLock = PinsLock::fromFile(root + QStringLiteral("/kit/pins.lock.json"));
        QVERIFY(kitLock);
        // The lock written is the trusted one with the kit's digest filled in, marked as from the kit.
        const PinnedArtifact filled = kitLock->images(QStringLiteral("hello")).value(0);
        QCOMPARE(filled.sha256, hello.sha256);
        QCOMPARE(filled.provenance, PinnedArtifact::Provenance::FirstPull);
        QVERIFY2(filled.digestSource.startsWith(QStringLiteral("offline kit kit-lab.kit")),
                 qPrintable(filled.digestSource));
        QVERIFY2(imported.out.contains(QStringLiteral("signed by Debian's archive key")), qPrintable(imported.out));
    }

    // Any change to a kit is refused by name, and the cache it was to fill stays empty.
    void aChangedKitIsRefusedWithNothingImported_data()
    {
        QTest::addColumn<QString>("change");
        QTest::addColumn<QString>("message");
        QTest::newRow("a .deb") << QStringLiteral("deb") << QStringLiteral("but Debian's signed index gives");
        QTest::newRow("an image layer") << QStringLiteral("layer") << QStringLiteral("does not hold its digest");
        QTest::newRow("the lock's digest")
            << QStringLiteral("lock") << QStringLiteral("is not an entry its pins lock pins with that digest");
        QTest::newRow("a digest this labforge pins")
            << QStringLiteral("trusted") << QStringLiteral("but this labforge's lock pins");
        QTest::newRow("text outside the signature")
            << QStringLiteral("unsigned-text") << QStringLiteral("but the signed InRelease gives");
        QTest::newRow("another signer") << QStringLiteral("signer")
                                        << QStringLiteral("is not signed by Debian's archive key");
        QTest::newRow("a link") << QStringLiteral("link") << QStringLiteral("is not a plain file or directory");
        QTest::newRow("an index signed for another suite")
            << QStringLiteral("suite") << QStringLiteral("is signed for suite \"bookworm\"");
        QTest::newRow("a hidden file in the pool")
            << QStringLiteral("hidden") << QStringLiteral("is not in Debian's signed index");
        QTest::newRow("a compressed kit") << QStringLiteral("gzip") << QStringLiteral("a gzip-compressed file");
        QTest::newRow("a sparse member of a terabyte")
            << QStringLiteral("sparse") << QStringLiteral("more than the archive's");
        // The image archives inside a kit are held like the kit.
        QTest::newRow("an image's index.json a link to a device")
            << QStringLiteral("inner-link") << QStringLiteral("is not a plain file or directory inside the archive");
        QTest::newRow("an image's index.json a FIFO")
            << QStringLiteral("inner-fifo") << QStringLiteral("is not a plain file or directory inside the archive");
        QTest::newRow("a hard link in an image")
            << QStringLiteral("inner-hardlink")
            << QStringLiteral("is not a plain file or directory inside the archive");
        QTest::newRow("an image layer that is a directory")
            << QStringLiteral("inner-directory") << QStringLiteral("is not a regular file");
        QTest::newRow("a sparse blob of a terabyte in an image")
            << QStringLiteral("inner-sparse") << QStringLiteral("more than the archive's");
        QTest::newRow("an image's index.json of 5 MiB")
            << QStringLiteral("inner-manifest") << QStringLiteral("more than the 4194304 it may");
        QTest::newRow("a compressed image archive")
            << QStringLiteral("inner-gzip") << QStringLiteral("a gzip-compressed file");
        QTest::newRow("an artifact the trusted lock does not pin")
            << QStringLiteral("untrusted") << QStringLiteral("which this labforge's lock does not pin");
        QTest::newRow("a version the trusted lock pins otherwise")
            << QStringLiteral("version") << QStringLiteral("otherwise than this labforge's lock");
    }

    void aChangedKitIsRefusedWithNothingImported()
    {
        QFETCH(QString, change);
        QFETCH(QString, message);
        const QString kit = path(QStringLiteral("kit-lab.kit"));
        QVERIFY(QFile::exists(kit)); // from the round trip
        const QString changed = path(QStringLiteral("changed-%1.kit").arg(change));
        const bool made = repack(kit, changed, [&](const QString &dir) {
            if (change == QLatin1String("deb")) {
                QFile deb(dir + QStringLiteral("/debian/pool/main/c/containerd/containerd_1.0-1_amd64.deb"));
                return deb.open(QIODevice::Append) && deb.write("x") == 1;
            }
            if (change.startsWith(QLatin1String("inner-")) || change == QLatin1String("layer")) {
                // The image archive inside the kit, unpacked, changed and packed again.
                QDir images(dir + QStringLiteral("/images"));
                const QString archive = images.filePath(images.entryList(QDir::Files).value(0));
                const QString unpacked = archive + QStringLiteral(".d");
                QDir().mkpath(unpacked);
                if (run(QStringLiteral("tar"), {QStringLiteral("-xf"), archive, QStringLiteral("-C"), unpacked})
                        .exitCode
                    != 0)
                    return false;
                QDir blobs(unpacked + QStringLiteral("/blobs/sha256"));
                QString largest;
                for (const QString &b : blobs.entryList(QDir::Files)) {
                    if (largest.isEmpty()
                        || QFileInfo(blobs.filePath(b)).size() > QFileInfo(blobs.filePath(largest)).size())
                        largest = b;
                }
                const QString index = unpacked + QStringLiteral("/index.json");
                bool changed = false;
                if (change == QLatin1String("layer")) {
                    QFile blob(blobs.filePath(largest));
                    changed = blob.open(QIODevice::ReadWrite) && blob.seek(5000) && blob.write("X") == 1;
                } else if (change == QLatin1String("inner-link")) {
                    changed = QFile::remove(index) && QFile::link(QStringLiteral("/dev/zero"), index);
                } else if (change == QLatin1String("inner-fifo")) {
                    changed = QFile::remove(index) && run(QStringLiteral("mkfifo"), {index}).exitCode == 0;
                } else if (change == QLatin1String("inner-hardlink")) {
                    changed = run(QStringLiteral("ln"), {index, unpacked + QStringLiteral("/second")}).exitCode == 0;
                } else if (change == QLatin1String("inner-directory")) {
                    // The layer blob a directory of the same name: nothing to hash.
                    changed = QFile::remove(blobs.filePath(largest)) && blobs.mkdir(largest);
                } else if (change == QLatin1String("inner-sparse")) {
                    QFile big(blobs.filePath(QStringLiteral("huge")));
                    changed = big.open(QIODevice::WriteOnly) && big.resize(qint64(1) << 40);
                } else if (change == QLatin1String("inner-manifest")) {
                    // An index.json of 5 MiB: refused by its size, not read into memory.
                    changed = writeFile(index, QByteArray(5 << 20, ' '));
                } else if (change == QLatin1String("inner-gzip")) {
                    changed = true;
                }
                const bool packed = run(QStringLiteral("tar"),
                                        {QStringLiteral("--sparse"), QStringLiteral("-cf"), archive,
                                         QStringLiteral("-C"), unpacked, QStringLiteral(".")})
                                        .exitCode
                        == 0
                    && (change != QLatin1String("inner-gzip")
                        || (run(QStringLiteral("gzip"), {QStringLiteral("-f"), archive}).exitCode == 0
                            && QFile::rename(archive + QStringLiteral(".gz"), archive)));
                QDir(unpacked).removeRecursively();
                return changed && packed;
            }
            if (change == QLatin1String("unsigned-text")) {
                const QString dists = dir + QStringLiteral("/debian/dists/")
                    + QDir(dir + QStringLiteral("/debian/dists")).entryList(QDir::Dirs | QDir::NoDotAndDotDot).value(0);
                QFile inRelease(dists + QStringLiteral("/InRelease"));
                if (!inRelease.open(QIODevice::ReadOnly))
                    return false;
                const QByteArray signedFile = inRelease.readAll();
                inRelease.close();
                return writeFile(inRelease.fileName(),
                                 "SHA256:\n " + QByteArray(64, '0') + " 1 main/binary-amd64/Packages\n\n" + signedFile);
            }
            if (change == QLatin1String("gzip"))
                return true; // compressed below, once packed
            if (change == QLatin1String("sparse")) {
                QFile big(dir + QStringLiteral("/artifacts/huge"));
                return big.open(QIODevice::WriteOnly) && big.resize(qint64(1) << 40);
            }
            if (change == QLatin1String("hidden"))
                return writeFile(dir + QStringLiteral("/debian/pool/main/c/containerd/.postinst-extra"), "#!/bin/sh\n");
            if (change == QLatin1String("suite")) {
                // Signed with the archive key, but for another suite.
                const QString dists = dir + QStringLiteral("/debian/dists/")
                    + QDir(dir + QStringLiteral("/debian/dists")).entryList(QDir::Dirs | QDir::NoDotAndDotDot).value(0);
                if (gpg({QStringLiteral("--output"), dists + QStringLiteral("/Release"), QStringLiteral("--decrypt"),
                         dists + QStringLiteral("/InRelease")})
                        .exitCode
                    != 0)
                    return false;
                QFile release(dists + QStringLiteral("/Release"));
                if (!release.open(QIODevice::ReadOnly))
                    return false;
                QString text = QString::fromUtf8(release.readAll());
                release.close();
                text.replace(QRegularExpression(QStringLiteral("^Suite: .*$"), QRegularExpression::MultilineOption),
                             QStringLiteral("Suite: bookworm"));
                const bool ok = writeFile(release.fileName(), text.toUtf8())
                    && gpg({QStringLiteral("--yes"), QStringLiteral("--clearsign"), QStringLiteral("--output"),
                            dists + QStringLiteral("/InRelease"), release.fileName()})
                            .exitCode
                        == 0;
                QFile::remove(release.fileName());
                return ok;
            }
            if (change == QLatin1String("untrusted"))
                return true; // the kit as it is, imported against the built-in lock
            // The kit's lock with `from` written as `to`.
            const auto editLock = [&dir](const QByteArray &from, const QByteArray &to) {
                QFile lock(dir + QStringLiteral("/pins.lock.json"));
                if (!lock.open(QIODevice::ReadOnly))
                    return false;
                QByteArray json = lock.readAll();
                lock.close();
                return writeFile(lock.fileName(), json.replace(from, to));
            };
            if (change == QLatin1String("version"))
                return editLock("\"version\": \"1.0\"", "\"version\": \"0.9\"");
            if (change == QLatin1String("lock") || change == QLatin1String("trusted"))
                return editLock(PinsLock::fromFile(m_lock)->images(QStringLiteral("hello")).value(0).sha256.toLatin1(),
                                QByteArray(64, 'e'));
            if (change == QLatin1String("signer")) {
                QTemporaryDir other;
                const QString home = other.filePath(QStringLiteral("g"));
                QDir().mkpath(home);
                QFile::setPermissions(home, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
                const QStringList base {QStringLiteral("--homedir"),       home,
                                        QStringLiteral("--batch"),         QStringLiteral("--quiet"),
                                        QStringLiteral("--pinentry-mode"), QStringLiteral("loopback"),
                                        QStringLiteral("--passphrase"),    QString()};
                const QString inRelease =
                    QDir(dir + QStringLiteral("/debian/dists")).entryList(QDir::Dirs | QDir::NoDotAndDotDot).value(0);
                const QString dists = dir + QStringLiteral("/debian/dists/") + inRelease;
                const bool ok =
                    run(QStringLiteral("gpg"),
                        base
                            + QStringList {QStringLiteral("--quick-gen-key"),
                                           QStringLiteral("Stranger <s@example.invalid>"), QStringLiteral("ed25519"),
                                           QStringLiteral("sign"), QStringLiteral("never")})
                            .exitCode
                        == 0
                    && run(QStringLiteral("gpg"),
                           base
                               + QStringList {QStringLiteral("--decrypt"), QStringLiteral("--output"),
                                              dists + QStringLiteral("/Release.plain"),
                                              dists + QStringLiteral("/InRelease")})
                            .exitCode
                        != -1
                    && run(QStringLiteral("gpg"),
                           base
                               + QStringList {QStringLiteral("--yes"), QStringLiteral("--clearsign"),
                                              QStringLiteral("--output"), dists + QStringLiteral("/InRelease"),
                                              dists + QStringLiteral("/Release.plain")})
                            .exitCode
                        == 0;
                QFile::remove(dists + QStringLiteral("/Release.plain"));
                QProcess::execute(
                    QStringLiteral("gpgconf"),
                    {QStringLiteral("--homedir"), home, QStringLiteral("--kill"), QStringLiteral("gpg-agent")});
                return ok;
            }
            return QFile::link(QStringLiteral("/etc/passwd"), dir + QStringLiteral("/artifacts/passwd"));
        });
        QVERIFY(made);
        if (change == QLatin1String("gzip"))
            QCOMPARE(run(QStringLiteral("gzip"),
                         {QStringLiteral("-f"), QStringLiteral("-S"), QStringLiteral(".gz"), changed})
                             .exitCode
                         + int(!QFile::rename(changed + QStringLiteral(".gz"), changed)),
                     0);
        const auto [r, empty] = importInto(
            changed, QStringLiteral("refused-%1").arg(change),
            change == QLatin1String("trusted")         ? QStringList {QStringLiteral("--pins"), m_lock}
                : change == QLatin1String("untrusted") ? QStringList()
                                                       : QStringList {QStringLiteral("--pins"), m_unpinnedLock});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QVERIFY2(empty, "the refused kit left something in the cache");
    }
};

QTEST_GUILESS_MAIN(TestKit)
#include "tst_kit.moc"
