// Offline kits on loopback: a small OCI image built here (umoci, busybox-static) served by
// Debian's docker-registry on 127.0.0.1, pinned by `labforge pins lock`, exported with the
// lab's artifacts and Debian packages (a package cache with a signed index, made here with a
// test key), imported into an empty cache with the registry stopped; and every kind of
// tampering refused with nothing imported.
#include "ContainerImageCache.h"
#include "FeatureModules.h"
#include "OfflineKit.h"
#include "PinsLock.h"
#include "Sha256.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
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

// One node with containerd and the pinned image; on the lab's own network.
const char *const KitLab = R"({
 "format": "labforge/lab@2", "name": "kit-lab", "description": "tst_kit",
 "networks": [{"name": "kitnet", "position": {"x": 100, "y": 300}, "cidr": "10.233.0.0/24",
               "gateway": "10.233.0.1", "dns_servers": [], "is_default_route": false}],
 "nodes": [{"node_id": "runner", "kind": "linux-build", "role": "generic", "position": {"x": 100, "y": 100},
            "interfaces": [{"network": "kitnet", "ip": "10.233.0.20"}], "disks": [],
            "recipe": {"base_image": "debian-trixie", "hardware": {"min_memory_gb": 2, "min_cpu": 1},
                       "features": ["headless", "ssh", "containerd"], "packages": [],
                       "users": [{"name": "ops", "sudo": true, "ssh": true}],
                       "services": [{"name": "openfactory-containerd", "enabled": true,
                                     "config": {"images": ["hello/hello"]}}]}}],
 "scenarios": []
})";

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
    QStringList m_packages;

    QString path(const QString &name) const { return m_dir.filePath(name); }
    Run gpg(const QStringList &args) const
    {
        return run(QStringLiteral("gpg"), QStringList {QStringLiteral("--homedir"), m_gpgHome, QStringLiteral("--batch"),
                                                       QStringLiteral("--quiet"), QStringLiteral("--pinentry-mode"),
                                                       QStringLiteral("loopback"), QStringLiteral("--passphrase"),
                                                       QString()}
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
            && run(QStringLiteral("tar"), {QStringLiteral("-cf"), file, QStringLiteral("-C"), dir, QStringLiteral(".")})
                   .exitCode
            == 0;
    }
    // `kit import` of FILE into a new, empty cache: the run, and whether the cache stayed empty.
    std::pair<Run, bool> importInto(const QString &file, const QString &name)
    {
        const QString root = path(name);
        const Run r = labforge({QStringLiteral("kit"), QStringLiteral("import"), file, QStringLiteral("--cache-root"),
                                root, QStringLiteral("--keyring"), m_keyring});
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
        const Run image = run(QStringLiteral("bash"),
                              {fixtures(), QStringLiteral("image"), path(QStringLiteral("image")), QString::number(m_port)});
        QVERIFY2(image.exitCode == 0, qPrintable(image.err));

        // A lock that lists it (no digest yet), and the lab that runs it.
        m_lock = path(QStringLiteral("pins.lock.json"));
        QByteArray lock = PinsLock::builtIn().toJson();
        QJsonObject root = QJsonDocument::fromJson(lock).object();
        QJsonObject components = root.value(QStringLiteral("components")).toObject();
        components.insert(
            QStringLiteral("hello"),
            QJsonDocument::fromJson(
                QStringLiteral("{\"version\": \"1.0\", \"artifacts\": [{\"name\": \"hello\", \"source\": \"oci-image\", "
                               "\"url\": \"docker://127.0.0.1:%1/lab/hello\", \"version\": \"1.0\", \"digest\": "
                               "{\"algorithm\": \"sha256\", \"value\": \"\", \"provenance\": \"\", \"source\": "
                               "\"built by tst_kit\"}}]}")
                    .arg(m_port)
                    .toUtf8())
                .object());
        root.insert(QStringLiteral("components"), components);
        QVERIFY(writeFile(m_lock, QJsonDocument(root).toJson()));
        m_lab = path(QStringLiteral("kit-lab.lab.json"));
        QVERIFY(writeFile(m_lab, KitLab));

        // What a site with egress has: the lock pinned from the registry …
        m_cacheRoot = path(QStringLiteral("site"));
        const Run locked = labforge({QStringLiteral("pins"), QStringLiteral("lock"), QStringLiteral("--lock"), m_lock,
                                     QStringLiteral("--cache"), m_cacheRoot + QStringLiteral("/artifacts")});
        QVERIFY2(locked.out.contains(QStringLiteral("hello/hello 127.0.0.1:%1/lab/hello@sha256:").arg(m_port)),
                 qPrintable(locked.out + locked.err));
        // … and the packages of the lab's images in its package cache, with the signed index.
        const auto pins = PinsLock::fromFile(m_lock);
        QVERIFY(pins);
        QCOMPARE(pins->images(QStringLiteral("hello")).value(0).provenance, PinnedArtifact::Provenance::FirstPull);
    }

    void cleanupTestCase() { stopRegistry(); }

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
        QCOMPARE(run(QStringLiteral("tar"), {QStringLiteral("-xf"), images.pathFor(hello), QStringLiteral("-C"), layout})
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
};

QTEST_GUILESS_MAIN(TestKit)
#include "tst_kit.moc"
