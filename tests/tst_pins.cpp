// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// `labforge pins lock` and the artifact fetcher against a real HTTP server on loopback:
// plain files and a Helm chart from an OCI registry with an anonymous bearer token.
#include "ArtifactCache.h"
#include "ArtifactFetcher.h"
#include "FeatureModules.h"
#include "LoopbackHttpServer.h"
#include "PinsLock.h"
#include "Sha256.h"
#include "SignatureVerifier.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <iterator>

using namespace Labforge;

namespace {
const QByteArray ToolArchive = QByteArray("pretend tar.gz of a CLI ").repeated(4000);
const QByteArray Chart = QByteArray("pretend chart archive ").repeated(300);
} // namespace

class TestPins : public QObject
{
    Q_OBJECT

public:
    // The composition root: the recipe features, as app/main.cpp installs them.
    static void initMain() { Labforge::FeatureModules::install(); }
    QStringList m_missing; // artifacts a lock lacked (none expected)
private:
    LoopbackHttpServer *m_server = nullptr;
    QTemporaryDir m_dir;

    void serveRegistry()
    {
        const QByteArray digest = "sha256:" + Sha256::ofData(Chart).toLatin1();
        m_server->route("/token", {200, "{\"token\": \"anon-token-1\"}", "application/json", {}, {}});
        const QByteArray challenge = "Bearer realm=\"" + m_server->base().toLatin1()
            + "/token\",service=\"test-registry\",scope=\"repository:charts/slurm:pull\"";
        m_server->route("/v2/charts/slurm/manifests/1.2.0",
                        {200,
                         "{\"schemaVersion\": 2, \"layers\": [{\"mediaType\": "
                         "\"application/vnd.cncf.helm.chart.content.v1.tar+gzip\", \"digest\": \""
                             + digest + "\"}]}",
                         "application/vnd.oci.image.manifest.v1+json", "anon-token-1", challenge});
        m_server->route("/v2/charts/slurm/blobs/" + digest,
                        {200, Chart, "application/octet-stream", "anon-token-1", challenge});
    }

    QByteArray lockJson(const QString &toolSha = {}) const
    {
        return QStringLiteral(
                   "{\"format\": \"labforge/pins@1\", \"components\": {"
                   "\"tool\": {\"version\": \"v1\", \"artifacts\": [{\"name\": \"tool\", \"source\": \"https\", "
                   "\"url\": \"%1/dl/tool.tar.gz\", \"sha256\": \"%2\"}]}, "
                   "\"charts\": {\"version\": \"1.2.0\", \"artifacts\": [{\"name\": \"slurm\", \"source\": "
                   "\"helm-oci\", "
                   "\"url\": \"oci://127.0.0.1:%3/charts/slurm\", \"version\": \"1.2.0\", \"sha256\": \"\"}]}}}")
            .arg(m_server->base(), toolSha)
            .arg(m_server->port())
            .toUtf8();
    }

    // The same lock in labforge/pins@2: the tool's digest (if any) carries `provenance`.
    QByteArray lockJsonV2(const QString &toolSha = {}, const QString &provenance = {}) const
    {
        return QStringLiteral(
                   "{\"format\": \"labforge/pins@2\", \"components\": {"
                   "\"tool\": {\"version\": \"v1\", \"artifacts\": [{\"name\": \"tool\", \"source\": \"https\", "
                   "\"url\": \"%1/dl/tool.tar.gz\", \"digest\": {\"algorithm\": \"sha256\", \"value\": \"%2\", "
                   "\"provenance\": \"%3\", \"source\": \"%4\"}}]}, "
                   "\"charts\": {\"version\": \"1.2.0\", \"artifacts\": [{\"name\": \"slurm\", \"source\": "
                   "\"helm-oci\", \"url\": \"oci://127.0.0.1:%5/charts/slurm\", \"version\": \"1.2.0\", "
                   "\"digest\": {\"algorithm\": \"sha256\", \"value\": \"\", \"provenance\": \"\", "
                   "\"source\": \"not published\"}}]}}}")
            .arg(m_server->base(), toolSha, provenance,
                 toolSha.isEmpty() ? QString() : QStringLiteral("the tool's SHA256SUMS"))
            .arg(m_server->port())
            .toUtf8();
    }

    // gpg with a home of its own, no passphrase; stdout, or "FAILED".
    static QByteArray gpg(const QString &home, const QStringList &args, const QByteArray &input = {})
    {
        QProcess p;
        p.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        p.start(QStringLiteral("gpg"),
                QStringList {QStringLiteral("--homedir"), home, QStringLiteral("--batch"), QStringLiteral("--quiet"),
                             QStringLiteral("--pinentry-mode"), QStringLiteral("loopback"),
                             QStringLiteral("--passphrase"), QString()}
                    + args);
        p.write(input);
        p.closeWriteChannel();
        p.waitForFinished(60000);
        return p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0 ? p.readAllStandardOutput()
                                                                           : QByteArray("FAILED");
    }
    // A signing key made for a test in `home` (upstream's, or a stranger's).
    static bool makeSigningKey(const QString &home)
    {
        QDir().mkpath(home);
        QFile::setPermissions(home, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        return gpg(home,
                   {QStringLiteral("--quick-gen-key"), QStringLiteral("Test release key <release@example.invalid>"),
                    QStringLiteral("ed25519"), QStringLiteral("sign"), QStringLiteral("never")})
            != "FAILED";
    }
    static void stopGpgAgents(const QStringList &homes) // gpg started one agent per home
    {
        for (const QString &home : homes)
            QProcess::execute(
                QStringLiteral("gpgconf"),
                {QStringLiteral("--homedir"), home, QStringLiteral("--kill"), QStringLiteral("gpg-agent")});
    }
    static bool gpgAvailable()
    {
        return QFile::exists(QStringLiteral("/usr/bin/gpgv"))
            && !QStandardPaths::findExecutable(QStringLiteral("gpg")).isEmpty();
    }
    // Two signing keys made for a test: upstream's and a stranger's, each in its own home.
    struct Signers
    {
        QTemporaryDir work;
        QString upstream = work.filePath(QStringLiteral("upstream"));
        QString stranger = work.filePath(QStringLiteral("stranger"));
        bool made() const { return makeSigningKey(upstream) && makeSigningKey(stranger); }
        ~Signers() { stopGpgAgents({upstream, stranger}); }
    };
    // The primary fingerprints of the keys in an OpenPGP key file (armored or not).
    static QStringList fingerprintsIn(const QString &keyFile)
    {
        QTemporaryDir home;
        QStringList out;
        const QByteArray listing =
            gpg(home.path(), {QStringLiteral("--with-colons"), QStringLiteral("--show-keys"), keyFile});
        bool primary = false;
        for (const QByteArray &line : listing.split('\n')) {
            if (line.startsWith("pub:"))
                primary = true;
            else if (line.startsWith("fpr:") && primary) {
                out.append(QString::fromLatin1(line.split(':').value(9)));
                primary = false;
            } else if (line.startsWith("sub:"))
                primary = false;
        }
        stopGpgAgents({home.path()});
        return out;
    }

    QString writeLock(const QByteArray &json)
    {
        QString lockFile = m_dir.filePath(QStringLiteral("pins.lock.json"));
        QFile f(lockFile);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return {};
        f.write(json);
        return lockFile;
    }

    struct Run
    {
        int exitCode = -1;
        QString out;
        QString err;
    };
    // Runs `labforge pins ARGS…` while this test's event loop keeps the loopback server answering.
    static Run pins(const QStringList &args)
    {
        QProcess p;
        p.start(qEnvironmentVariable("LABFORGE_BINARY"), QStringList {QStringLiteral("pins")} + args);
        QSignalSpy finished(&p, &QProcess::finished);
        if (!finished.wait(60000))
            return {};
        return {p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()),
                QString::fromUtf8(p.readAllStandardError())};
    }

private Q_SLOTS:
    void init()
    {
        delete m_server;
        m_server = new LoopbackHttpServer(this);
        m_server->route("/dl/tool.tar.gz", {200, ToolArchive, "application/gzip", {}, {}});
        serveRegistry();
    }

    void sha256MatchesKnownVector()
    {
        QCOMPARE(Sha256::ofData("abc"),
                 QStringLiteral("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
    }

    void fetchesAPlainFileAndHashesIt()
    {
        const auto lock = PinsLock::fromJson(lockJson());
        QVERIFY(lock);
        ArtifactFetcher fetcher;
        QString error;
        qint64 lastReceived = 0;
        const auto fetched =
            fetcher.fetch(lock->artifact(QStringLiteral("tool"), QStringLiteral("tool"), &m_missing), m_dir.path(),
                          &error, [&](qint64 received, qint64) { lastReceived = received; });
        QVERIFY2(fetched, qPrintable(error));
        QCOMPARE(fetched->sha256, Sha256::ofData(ToolArchive));
        QCOMPARE(lastReceived, qint64(ToolArchive.size()));
        QCOMPARE(Sha256::ofFile(fetched->file), fetched->sha256);
    }

    void fetchesAHelmChartFromAnOciRegistry()
    {
        const auto lock = PinsLock::fromJson(lockJson());
        ArtifactFetcher fetcher;
        QString error;
        const auto fetched = fetcher.fetch(
            lock->artifact(QStringLiteral("charts"), QStringLiteral("slurm"), &m_missing), m_dir.path(), &error);
        QVERIFY2(fetched, qPrintable(error));
        QCOMPARE(fetched->sha256, Sha256::ofData(Chart));
        QCOMPARE(m_server->hits("/token"), 1); // anonymous token after the 401 challenge
    }

    // generators/pins.lock.json holds the digests of /work/shared/reference/published-digests.md
    // with their provenance; the Slinky charts, published nowhere, have none yet.
    void builtInLockHasThePublishedDigestsWithProvenance()
    {
        using P = PinnedArtifact::Provenance;
        const struct
        {
            const char *component, *name, *sha256;
            P provenance;
        } expected[] = {
            {"kubernetes", "kubeadm", "bba1733c701bf70ec74ba1cc3fd5745404c1134a8a4b0a5f8560cc9832023421", P::Published},
            {"kubernetes", "kubelet", "46707a53209f826ad0f0d62371ac69cd00e78fd9a8176cf5f6f87f18f7f8b718", P::Published},
            {"kubernetes", "kubectl", "ebbd080e7c2e275093b55915722043257eb24004363e20acb3c4d71919f88336", P::Published},
            {"cri-tools", "crictl", "83855e114566a8a8c44c548d515670f51de3a5e1da8b2effb59870e2f10c25a3", P::Published},
            {"kube-prometheus-stack", "kube-prometheus-stack",
             "aee1f7e4d82c484d9d9742c2f629a9e523bb9f23e6f5c4ac5f78128487fab41a", P::Published},
            {"helm", "helm", "e9b88b4ee95b18c706839c28d3a0220e5bc470e9cd9262410c90793c45ff8b7c", P::Published},
            {"terraform", "terraform", "d25ce7b6902013ad905db3d2eab0be4cd905887fe88b81a6171b8d5503c31f3d",
             P::Published},
            {"flannel", "kube-flannel.yml", "4148e659a834b51fc9aadc429281c6e80c97e0e25475faacd4cc857dbd16f21b",
             P::Reproduced},
            {"slinky", "slurm-operator-crds", "", P::None},
            {"slinky", "slurm-operator", "", P::None},
            {"slinky", "slurm", "", P::None},
        };
        // The compiled-in lock is the source tree's file.
        const auto fromTree = PinsLock::fromFile(qEnvironmentVariable("LABFORGE_SOURCE_DIR")
                                                 + QStringLiteral("/generators/pins.lock.json"));
        QVERIFY(fromTree);
        QCOMPARE(fromTree->toJson(), PinsLock::builtIn().toJson());
        int artifacts = 0;
        QStringList images;
        for (const PinsLock::Component &c : PinsLock::builtIn().components()) {
            for (const PinnedArtifact &a : c.artifacts) {
                if (a.source != PinnedArtifact::Source::OciImage) {
                    ++artifacts;
                    continue;
                }
                // No registry publishes image digests elsewhere: every one is left to a first pull.
                QVERIFY2(a.sha256.isEmpty() && a.provenance == P::None, qPrintable(a.name));
                QVERIFY2(a.digestSource.startsWith(QStringLiteral("not published")), qPrintable(a.name));
                images.append(c.name + QLatin1Char('/') + a.imageReference());
            }
        }
        QCOMPARE(artifacts, int(std::size(expected))); // the table covers every artifact
        // What the running reference lab pulls, by component: Slinky's controller, restapi,
        // login and slurmd images and their alpine sidecars, the operator and its webhook,
        // the monitoring stack's own, Flannel's, and kubeadm's control plane.
        images.sort();
        QCOMPARE(images,
                 QStringList({QStringLiteral("flannel/ghcr.io/flannel-io/flannel-cni-plugin:v1.9.1-flannel2"),
                              QStringLiteral("flannel/ghcr.io/flannel-io/flannel:v0.28.8"),
                              QStringLiteral("kube-prometheus-stack/ghcr.io/jkroepke/kube-webhook-certgen:1.8.3"),
                              QStringLiteral("kube-prometheus-stack/quay.io/prometheus/alertmanager:v0.32.1"),
                              QStringLiteral("kube-prometheus-stack/quay.io/prometheus/prometheus:v3.11.3-distroless"),
                              QStringLiteral("kubernetes/registry.k8s.io/kube-apiserver:v1.36.3"),
                              QStringLiteral("kubernetes/registry.k8s.io/kube-controller-manager:v1.36.3"),
                              QStringLiteral("kubernetes/registry.k8s.io/kube-proxy:v1.36.3"),
                              QStringLiteral("kubernetes/registry.k8s.io/kube-scheduler:v1.36.3"),
                              QStringLiteral("kubernetes/registry.k8s.io/pause:3.10"),
                              QStringLiteral("slinky/ghcr.io/slinkyproject/slurm-operator-webhook:1.2.0"),
                              QStringLiteral("slinky/ghcr.io/slinkyproject/slurm-operator:1.2.0"),
                              QStringLiteral("slurm/docker.io/library/alpine:latest"),
                              QStringLiteral("slurm/ghcr.io/slinkyproject/login:26.05-ubuntu26.04"),
                              QStringLiteral("slurm/ghcr.io/slinkyproject/slurmctld:26.05-ubuntu26.04"),
                              QStringLiteral("slurm/ghcr.io/slinkyproject/slurmd:26.05-ubuntu26.04"),
                              QStringLiteral("slurm/ghcr.io/slinkyproject/slurmrestd:26.05-ubuntu26.04")}));
        for (const auto &e : expected) {
            const PinnedArtifact a =
                PinsLock::builtIn().artifact(QLatin1String(e.component), QLatin1String(e.name), &m_missing);
            QCOMPARE(a.sha256, QLatin1String(e.sha256));
            QCOMPARE(a.provenance, e.provenance);
            QVERIFY2(!a.digestSource.isEmpty(), e.name); // where it comes from, or why there is none
        }
        QVERIFY(m_missing.isEmpty());
        const PinnedArtifact flannel =
            PinsLock::builtIn().artifact(QStringLiteral("flannel"), QStringLiteral("kube-flannel.yml"), &m_missing);
        QVERIFY(flannel.digestSource.contains(QStringLiteral("653531a376e6148a58aedc43a78e4cdc8020f8bd")));
    }

    void readsAVersion1Lock()
    {
        const QString sha = Sha256::ofData(ToolArchive);
        const auto old = PinsLock::fromJson(lockJson(sha));
        QVERIFY(old);
        const PinnedArtifact tool = old->artifact(QStringLiteral("tool"), QStringLiteral("tool"), &m_missing);
        QCOMPARE(tool.sha256, sha);
        QCOMPARE(tool.provenance, PinnedArtifact::Provenance::FirstPull); // @1 digests came from `pins lock`
        QCOMPARE(old->artifact(QStringLiteral("charts"), QStringLiteral("slurm"), &m_missing).provenance,
                 PinnedArtifact::Provenance::None);
        // Written back as @2, it reads the same.
        QVERIFY(old->toJson().contains("\"labforge/pins@2\""));
        QString error;
        const auto again = PinsLock::fromJson(old->toJson(), &error);
        QVERIFY2(again, qPrintable(error));
        QCOMPARE(again->artifact(QStringLiteral("tool"), QStringLiteral("tool"), &m_missing), tool);
    }

    void refusesAnInconsistentDigest_data()
    {
        QTest::addColumn<QByteArray>("from");
        QTest::addColumn<QByteArray>("to");
        QTest::addColumn<QString>("message");
        const QByteArray digest = "\"digest\": {\"algorithm\": \"sha256\", \"value\": \"\", \"provenance\": \"\"";
        QTest::newRow("provenance without a digest")
            << digest
            << QByteArray("\"digest\": {\"algorithm\": \"sha256\", \"value\": \"\", \"provenance\": \"published\"")
            << QStringLiteral("a digest value needs its provenance");
        QTest::newRow("digest without provenance") << digest
                                                   << "\"digest\": {\"algorithm\": \"sha256\", \"value\": \""
                + QByteArray(64, 'a') + "\", \"provenance\": \"\""
                                                   << QStringLiteral("a digest value needs its provenance");
        QTest::newRow("unknown provenance")
            << digest
            << "\"digest\": {\"algorithm\": \"sha256\", \"value\": \"" + QByteArray(64, 'a')
                + "\", \"provenance\": \"trusted\""
            << QStringLiteral("\"trusted\" is not published, reproduced, first-pull or empty");
        QTest::newRow("another algorithm") << QByteArray("\"algorithm\": \"sha256\", \"value\": \"\"")
                                           << QByteArray("\"algorithm\": \"sha512\", \"value\": \"\"")
                                           << QStringLiteral("/components/charts/artifacts/0/digest/algorithm");
        QTest::newRow("a @1 sha256 in a @2 lock")
            << QByteArray("\"digest\": {") << QByteArray("\"sha256\": \"\", \"digest\": {")
            << QStringLiteral("labforge/pins@2 keeps the digest in");
        QTest::newRow("a newer format") << QByteArray("labforge/pins@2") << QByteArray("labforge/pins@3")
                                        << QStringLiteral("\"labforge/pins@3\" is not a pins lock this labforge reads");
    }

    void refusesAnInconsistentDigest()
    {
        QFETCH(QByteArray, from);
        QFETCH(QByteArray, to);
        QFETCH(QString, message);
        QByteArray json = lockJsonV2();
        QVERIFY(PinsLock::fromJson(json));
        const qsizetype at = json.lastIndexOf(from); // the chart's digest
        QVERIFY(at >= 0);
        json.replace(at, from.size(), to);
        QString error;
        QVERIFY(!PinsLock::fromJson(json, &error));
        QVERIFY2(error.contains(message), qPrintable(error));
    }

    void firstPullPinsOnlyWhatHasNoDigest()
    {
        const QString published = Sha256::ofData(ToolArchive);
        auto lock = PinsLock::fromJson(lockJsonV2(published, QStringLiteral("published")));
        QVERIFY(lock);
        QString error;
        const QString chart = Sha256::ofData(Chart);
        QVERIFY(lock->pinFirstPull(QStringLiteral("charts"), QStringLiteral("slurm"), chart,
                                   QStringLiteral("first pull"), &error));
        const PinnedArtifact pinned = lock->artifact(QStringLiteral("charts"), QStringLiteral("slurm"), &m_missing);
        QCOMPARE(pinned.sha256, chart);
        QCOMPARE(pinned.provenance, PinnedArtifact::Provenance::FirstPull);
        // A set digest stays, whatever a download says: both values are named.
        const QString other = Sha256::ofData("a different archive");
        QVERIFY(!lock->pinFirstPull(QStringLiteral("tool"), QStringLiteral("tool"), other, QStringLiteral("first pull"),
                                    &error));
        QVERIFY2(error.contains(other) && error.contains(published) && error.contains(QStringLiteral("published")),
                 qPrintable(error));
        const PinnedArtifact tool = lock->artifact(QStringLiteral("tool"), QStringLiteral("tool"), &m_missing);
        QCOMPARE(tool.sha256, published);
        QCOMPARE(tool.provenance, PinnedArtifact::Provenance::Published);
        QVERIFY(!lock->pinFirstPull(QStringLiteral("charts"), QStringLiteral("slurm"), other, {}, &error));
        QVERIFY2(error.contains(other) && error.contains(chart), qPrintable(error));
        QVERIFY(lock->pinFirstPull(QStringLiteral("charts"), QStringLiteral("slurm"), chart, {}, &error)); // same
    }

    void refusesADownloadThatDiffersFromTheLock()
    {
        const QString wrong(64, QLatin1Char('0'));
        const auto lock = PinsLock::fromJson(lockJsonV2(wrong, QStringLiteral("published")));
        ArtifactFetcher fetcher;
        QString error;
        QVERIFY(!fetcher.fetch(lock->artifact(QStringLiteral("tool"), QStringLiteral("tool"), &m_missing), m_dir.path(),
                               &error));
        QVERIFY2(error.contains(QStringLiteral("has SHA-256 %1 but the lock pins %2 (published: the tool's SHA256SUMS)")
                                    .arg(Sha256::ofData(ToolArchive), wrong)),
                 qPrintable(error));
        QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("tool-tool.download"))));
    }

    void reportsHttpErrors()
    {
        m_server->route("/dl/tool.tar.gz", {404, "gone", "text/plain", {}, {}});
        const auto lock = PinsLock::fromJson(lockJson());
        ArtifactFetcher fetcher;
        QString error;
        QVERIFY(!fetcher.fetch(lock->artifact(QStringLiteral("tool"), QStringLiteral("tool"), &m_missing), m_dir.path(),
                               &error));
        QVERIFY2(error.contains(QStringLiteral("/dl/tool.tar.gz")), qPrintable(error));
    }

    void cacheFailsClosed()
    {
        QTemporaryDir cacheDir;
        const ArtifactCache cache(cacheDir.path());
        PinnedArtifact a;
        a.component = QStringLiteral("tool");
        a.name = QStringLiteral("tool");
        a.url = QStringLiteral("https://example.invalid/tool");
        QString error;
        QVERIFY(cache.lookup(a, &error).isEmpty());
        QVERIFY2(error.contains(QStringLiteral("no SHA-256 in the pins lock")), qPrintable(error));
        a.sha256 = Sha256::ofData("payload");
        QVERIFY(cache.lookup(a, &error).isEmpty());
        QVERIFY2(error.contains(QStringLiteral("not in the artifact cache"))
                     && error.contains(QStringLiteral("labforge pins fetch")),
                 qPrintable(error));
        // A corrupted cache entry is detected, removed, and reported.
        QVERIFY(QDir().mkpath(cacheDir.path() + QStringLiteral("/sha256")));
        QFile bad(cache.pathFor(a.sha256));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write("tampered");
        bad.close();
        QVERIFY(cache.lookup(a, &error).isEmpty());
        QVERIFY2(error.contains(
                     QStringLiteral("had SHA-256 %1, not the pinned %2").arg(Sha256::ofData("tampered"), a.sha256)),
                 qPrintable(error));
        QVERIFY(!QFile::exists(cache.pathFor(a.sha256)));
        // A good one is found.
        QFile good(m_dir.filePath(QStringLiteral("payload")));
        QVERIFY(good.open(QIODevice::WriteOnly));
        good.write("payload");
        good.close();
        QVERIFY(cache.store(good.fileName(), a.sha256, &error));
        QCOMPARE(cache.lookup(a, &error), cache.pathFor(a.sha256));
    }

    void cliLockRecordsChecksumsAndFillsTheCache()
    {
        const QString lockFile = m_dir.filePath(QStringLiteral("pins.lock.json"));
        QFile f(lockFile);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(lockJson());
        f.close();
        const QString cacheDir = m_dir.filePath(QStringLiteral("cache"));
        QProcess p;
        p.start(qEnvironmentVariable("LABFORGE_BINARY"),
                {QStringLiteral("pins"), QStringLiteral("lock"), QStringLiteral("--lock"), lockFile,
                 QStringLiteral("--cache"), cacheDir});
        QSignalSpy finished(&p, &QProcess::finished);
        QVERIFY(finished.wait(60000)); // the server answers from this event loop
        QCOMPARE(p.exitCode(), 0);
        const auto locked = PinsLock::fromFile(lockFile);
        QVERIFY(locked);
        QCOMPARE(locked->artifact(QStringLiteral("tool"), QStringLiteral("tool"), &m_missing).sha256,
                 Sha256::ofData(ToolArchive));
        QCOMPARE(locked->artifact(QStringLiteral("charts"), QStringLiteral("slurm"), &m_missing).sha256,
                 Sha256::ofData(Chart));
        QVERIFY(QFile::exists(cacheDir + QStringLiteral("/sha256/") + Sha256::ofData(Chart)));

        // The server now serves something else: fetch against the lock refuses it.
        m_server->route("/dl/tool.tar.gz", {200, "a different archive", "application/gzip", {}, {}});
        QProcess again;
        again.start(qEnvironmentVariable("LABFORGE_BINARY"),
                    {QStringLiteral("pins"), QStringLiteral("fetch"), QStringLiteral("--lock"), lockFile,
                     QStringLiteral("--cache"), m_dir.filePath(QStringLiteral("cache2"))});
        QSignalSpy done(&again, &QProcess::finished);
        QVERIFY(done.wait(60000));
        QCOMPARE(again.exitCode(), 1);
        QVERIFY(QString::fromUtf8(again.readAllStandardError()).contains(QStringLiteral("refusing it")));
    }

    void cliLockMarksFirstPullsAndKeepsASetDigest()
    {
        const QString published = Sha256::ofData(ToolArchive);
        const QString lockFile = writeLock(lockJsonV2(published, QStringLiteral("published")));
        const QString cacheDir = m_dir.filePath(QStringLiteral("cache"));
        const Run first =
            pins({QStringLiteral("lock"), QStringLiteral("--lock"), lockFile, QStringLiteral("--cache"), cacheDir});
        QVERIFY2(first.exitCode == 0, qPrintable(first.err));
        auto locked = PinsLock::fromFile(lockFile);
        QVERIFY(locked);
        const PinnedArtifact chart = locked->artifact(QStringLiteral("charts"), QStringLiteral("slurm"), &m_missing);
        QCOMPARE(chart.sha256, Sha256::ofData(Chart));
        QCOMPARE(chart.provenance, PinnedArtifact::Provenance::FirstPull);
        QVERIFY2(chart.digestSource.contains(QStringLiteral("first pull by `labforge pins lock` from oci://")),
                 qPrintable(chart.digestSource));
        QCOMPARE(locked->artifact(QStringLiteral("tool"), QStringLiteral("tool"), &m_missing).provenance,
                 PinnedArtifact::Provenance::Published);
        const Run show = pins({QStringLiteral("show"), QStringLiteral("--lock"), lockFile});
        QVERIFY(show.out.contains(QStringLiteral("slurm\tfirst-pull\t") + chart.sha256));
        QVERIFY(show.out.contains(QStringLiteral("tool\tpublished\t") + published));

        // The server changes what it serves: a second lock into an empty cache refuses it and
        // leaves the published digest as it was, naming both values.
        const QString otherBytes = QStringLiteral("a different archive");
        m_server->route("/dl/tool.tar.gz", {200, otherBytes.toUtf8(), "application/gzip", {}, {}});
        const Run second = pins({QStringLiteral("lock"), QStringLiteral("--lock"), lockFile, QStringLiteral("--cache"),
                                 m_dir.filePath(QStringLiteral("cache2"))});
        QCOMPARE(second.exitCode, 1);
        QVERIFY2(second.err.contains(QStringLiteral("has SHA-256 %1 but the lock pins %2")
                                         .arg(Sha256::ofData(otherBytes.toUtf8()), published)),
                 qPrintable(second.err));
        locked = PinsLock::fromFile(lockFile);
        QVERIFY(locked);
        const PinnedArtifact tool = locked->artifact(QStringLiteral("tool"), QStringLiteral("tool"), &m_missing);
        QCOMPARE(tool.sha256, published);
        QCOMPARE(tool.provenance, PinnedArtifact::Provenance::Published);
        QCOMPARE(locked->artifact(QStringLiteral("charts"), QStringLiteral("slurm"), &m_missing), chart);
    }

    // gpgv accepts a checksum file signed by a key in the given keyring and nothing else (keys
    // made for the test).
    // An image is pinned by the digest of the manifest its tag resolves to (the registry's
    // index, through the same anonymous token as charts); `pins show` and `verify` name it by
    // digest; a registry that later resolves the tag to another manifest is refused with both
    // digests, and one whose Docker-Content-Digest is not what it sends is refused too.
    void cliLockPinsImagesByTheRegistrysDigest()
    {
        const QByteArray index = "{\"schemaVersion\": 2, \"mediaType\": \"application/vnd.oci.image.index.v1+json\", "
                                 "\"manifests\": []}";
        const QByteArray challenge = "Bearer realm=\"" + m_server->base().toLatin1()
            + "/token\",service=\"test-registry\",scope=\"repository:lab/app:pull\"";
        auto serve = [&](const QByteArray &body, const QByteArray &claimed) {
            m_server->route("/v2/lab/app/manifests/1.0",
                            {200, body, "application/vnd.oci.image.index.v1+json", "anon-token-1", challenge,
                             "Docker-Content-Digest: " + claimed + "\r\n"});
        };
        serve(index, "sha256:" + Sha256::ofData(index).toLatin1());
        const QString lockFile = writeLock(
            QStringLiteral("{\"format\": \"labforge/pins@2\", \"components\": {\"app\": {\"version\": \"1.0\", "
                           "\"artifacts\": [{\"name\": \"app\", \"source\": \"oci-image\", "
                           "\"url\": \"docker://127.0.0.1:%1/lab/app\", \"version\": \"1.0\", \"digest\": "
                           "{\"algorithm\": \"sha256\", \"value\": \"\", \"provenance\": \"\", "
                           "\"source\": \"not published\"}}]}}}")
                .arg(m_server->port())
                .toUtf8());
        const QString cacheDir = m_dir.filePath(QStringLiteral("cache"));
        const QStringList lockArgs {QStringLiteral("lock"), QStringLiteral("--lock"), lockFile,
                                    QStringLiteral("--cache"), cacheDir};
        const Run first = pins(lockArgs);
        QVERIFY2(first.exitCode == 0, qPrintable(first.err));
        const QString digest = Sha256::ofData(index);
        const QString pinnedRef = QStringLiteral("127.0.0.1:%1/lab/app@sha256:%2").arg(m_server->port()).arg(digest);
        QVERIFY2(first.out.contains(pinnedRef + QStringLiteral(" first-pull")), qPrintable(first.out));
        auto locked = PinsLock::fromFile(lockFile);
        QVERIFY(locked);
        const PinnedArtifact image = locked->images(QStringLiteral("app")).value(0);
        QCOMPARE(image.sha256, digest);
        QCOMPARE(image.provenance, PinnedArtifact::Provenance::FirstPull);
        QVERIFY(image.digestSource.contains(QStringLiteral("lab/app:1.0")));
        QVERIFY(m_server->hits("/token") > 0); // through the registry's token, like a chart
        const Run show = pins({QStringLiteral("show"), QStringLiteral("--lock"), lockFile});
        QVERIFY2(show.out.contains(QStringLiteral("image app\tfirst-pull\t127.0.0.1:%1/lab/app:1.0\t%2")
                                       .arg(m_server->port())
                                       .arg(pinnedRef)),
                 qPrintable(show.out));
        const Run verify =
            pins({QStringLiteral("verify"), QStringLiteral("--lock"), lockFile, QStringLiteral("--cache"), cacheDir});
        QVERIFY2(verify.out.contains(QStringLiteral("app/app\tfirst-pull\timage ") + pinnedRef),
                 qPrintable(verify.out));

        // The tag now resolves to another manifest: the lock keeps its digest and says both.
        const QByteArray moved = index + " ";
        serve(moved, "sha256:" + Sha256::ofData(moved).toLatin1());
        const Run again = pins(lockArgs);
        QCOMPARE(again.exitCode, 1);
        QVERIFY2(again.err.contains(QStringLiteral("the registry now resolves 127.0.0.1:%1/lab/app:1.0 to sha256:%2 "
                                                   "but the lock pins %3")
                                        .arg(m_server->port())
                                        .arg(Sha256::ofData(moved), digest)),
                 qPrintable(again.err));
        QCOMPARE(PinsLock::fromFile(lockFile)->images(QStringLiteral("app")).value(0).sha256, digest);

        // A registry whose claimed digest is not what it serves.
        serve(index, "sha256:" + QByteArray(64, 'b'));
        const Run lying = pins(lockArgs);
        QCOMPARE(lying.exitCode, 1);
        QVERIFY2(lying.err.contains(QStringLiteral("the registry names digest sha256:%1 but its manifest hashes to "
                                                   "sha256:%2; refusing it")
                                        .arg(QString(64, QLatin1Char('b')), digest)),
                 qPrintable(lying.err));
    }

    // kubeadm's own images (etcd's and CoreDNS's tags are its constants) are found by running
    // the pinned, cached kubeadm (`kubeadm config images list --kubernetes-version V`): each one
    // the lock lacks is added to its component and pinned like any image; one already listed
    // is left as it is. (The "kubeadm" here is a script that lists like kubeadm: the real one
    // needs egress to fetch.)
    void cliLockAddsTheImagesKubeadmPulls()
    {
        const QByteArray etcd = "127.0.0.1:" + QByteArray::number(m_server->port()) + "/lab/etcd:3.6.9-0";
        const QByteArray pause = "127.0.0.1:" + QByteArray::number(m_server->port()) + "/lab/pause:3.10";
        const QByteArray kubeadm =
            "#!/bin/sh\n[ \"$*\" = \"config images list --kubernetes-version v1.36.3\" ] || exit 3\n"
            "echo "
            + etcd + "\necho " + pause + "\n";
        m_server->route("/dl/kubeadm", {200, kubeadm, "application/octet-stream", {}, {}});
        const QByteArray manifest = "{\"schemaVersion\": 2, \"manifests\": []}";
        for (const QByteArray &path :
             {QByteArray("/v2/lab/etcd/manifests/3.6.9-0"), QByteArray("/v2/lab/pause/manifests/3.10")})
            m_server->route(path, {200, manifest, "application/vnd.oci.image.index.v1+json", {}, {}});
        const QString lockFile = writeLock(
            QStringLiteral(
                "{\"format\": \"labforge/pins@2\", \"components\": {\"kubernetes\": {\"version\": \"v1.36.3\", "
                "\"artifacts\": [{\"name\": \"kubeadm\", \"source\": \"https\", \"url\": \"%1/dl/kubeadm\", "
                "\"digest\": {\"algorithm\": \"sha256\", \"value\": \"%2\", \"provenance\": \"published\", "
                "\"source\": \"the test\"}}, {\"name\": \"pause\", \"source\": \"oci-image\", "
                "\"url\": \"docker://127.0.0.1:%3/lab/pause\", \"version\": \"3.10\", \"digest\": "
                "{\"algorithm\": \"sha256\", \"value\": \"\", \"provenance\": \"\", \"source\": \"none\"}}]}}}")
                .arg(m_server->base(), Sha256::ofData(kubeadm))
                .arg(m_server->port())
                .toUtf8());
        const Run r = pins({QStringLiteral("lock"), QStringLiteral("--lock"), lockFile, QStringLiteral("--cache"),
                            m_dir.filePath(QStringLiteral("cache"))});
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains(QStringLiteral("kubernetes/etcd: kubeadm v1.36.3 pulls ") + QString::fromLatin1(etcd)),
                 qPrintable(r.out));
        const auto locked = PinsLock::fromFile(lockFile);
        QVERIFY(locked);
        const QList<PinnedArtifact> images = locked->images(QStringLiteral("kubernetes"));
        QCOMPARE(images.size(), 2); // pause was listed already
        const PinnedArtifact added = locked->artifact(QStringLiteral("kubernetes"), QStringLiteral("etcd"), &m_missing);
        QCOMPARE(added.imageReference(), QString::fromLatin1(etcd));
        QCOMPARE(added.sha256, Sha256::ofData(manifest));
        QCOMPARE(added.provenance, PinnedArtifact::Provenance::FirstPull);
    }

    // The images a chart runs (subcharts and appVersion tags included) are found by rendering
    // each pinned, cached chart with the pinned, cached Helm (`helm template`); each one the
    // lock lacks is added to the chart's component and pinned; an image the chart already
    // names by digest is left alone. (The "helm" here is a script that renders like Helm: the
    // real one needs egress to fetch.)
    void cliLockAddsTheImagesTheChartsRun()
    {
        const QByteArray registry = "127.0.0.1:" + QByteArray::number(m_server->port());
        QTemporaryDir work;
        QDir().mkpath(work.filePath(QStringLiteral("linux-amd64")));
        QFile helm(work.filePath(QStringLiteral("linux-amd64/helm")));
        QVERIFY(helm.open(QIODevice::WriteOnly));
        helm.write("#!/bin/sh\n[ \"$1 $2\" = \"template labforge\" ] && [ -f \"$3\" ] || exit 3\n"
                   "printf '%s\\n' 'spec:' '  containers:' '  - image: "
                   + registry
                   + "/lab/operator:v0.90.0' "
                     "'    args: [--reloader="
                   + registry
                   + "/lab/reloader:v0.90.0]' "
                     "'  - image: \""
                   + registry
                   + "/lab/reloader:v0.90.0\"' "
                     "'  - image: "
                   + registry + "/lab/sidecar@sha256:" + QByteArray(64, 'c') + "'\n");
        helm.close();
        QVERIFY(helm.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        const QString archive = work.filePath(QStringLiteral("helm.tar.gz"));
        QCOMPARE(QProcess::execute(QStringLiteral("tar"),
                                   {QStringLiteral("-czf"), archive, QStringLiteral("-C"), work.path(),
                                    QStringLiteral("linux-amd64/helm")}),
                 0);
        QFile packed(archive);
        QVERIFY(packed.open(QIODevice::ReadOnly));
        const QByteArray helmArchive = packed.readAll();
        m_server->route("/dl/helm.tar.gz", {200, helmArchive, "application/gzip", {}, {}});
        m_server->route("/dl/stack.tgz", {200, "a chart archive", "application/gzip", {}, {}});
        const QByteArray manifest = "{\"schemaVersion\": 2, \"manifests\": []}";
        for (const QByteArray &path :
             {QByteArray("/v2/lab/operator/manifests/v0.90.0"), QByteArray("/v2/lab/reloader/manifests/v0.90.0")})
            m_server->route(path, {200, manifest, "application/vnd.oci.image.index.v1+json", {}, {}});
        const auto artifact = [&](const QString &name, const QString &file, const QByteArray &content) {
            return QStringLiteral("{\"name\": \"%1\", \"source\": \"https\", \"url\": \"%2/dl/%3\", \"digest\": "
                                  "{\"algorithm\": \"sha256\", \"value\": \"%4\", \"provenance\": \"published\", "
                                  "\"source\": \"the test\"}}")
                .arg(name, m_server->base(), file, Sha256::ofData(content));
        };
        const QString lockFile =
            writeLock(QStringLiteral("{\"format\": \"labforge/pins@2\", \"components\": {"
                                     "\"helm\": {\"version\": \"v4\", \"artifacts\": [%1]}, "
                                     "\"stack\": {\"version\": \"86.0.0\", \"artifacts\": [%2]}}}")
                          .arg(artifact(QStringLiteral("helm"), QStringLiteral("helm.tar.gz"), helmArchive),
                               artifact(QStringLiteral("stack"), QStringLiteral("stack.tgz"), "a chart archive"))
                          .toUtf8());
        const Run r = pins({QStringLiteral("lock"), QStringLiteral("--lock"), lockFile, QStringLiteral("--cache"),
                            m_dir.filePath(QStringLiteral("cache"))});
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains(QStringLiteral("stack/operator: the chart stack runs ") + QString::fromLatin1(registry)
                                + QStringLiteral("/lab/operator:v0.90.0")),
                 qPrintable(r.out));
        const auto locked = PinsLock::fromFile(lockFile);
        QVERIFY(locked);
        QStringList images;
        for (const PinnedArtifact &i : locked->images(QStringLiteral("stack"))) {
            QCOMPARE(i.sha256, Sha256::ofData(manifest));
            QCOMPARE(i.provenance, PinnedArtifact::Provenance::FirstPull);
            images.append(i.imageReference());
        }
        QCOMPARE(images,
                 QStringList({QString::fromLatin1(registry) + QStringLiteral("/lab/operator:v0.90.0"),
                              QString::fromLatin1(registry) + QStringLiteral("/lab/reloader:v0.90.0")}));
    }

    void signatureVerifierChecksWithGpgv()
    {
        if (!gpgAvailable())
            QSKIP("gpg and gpgv are needed (apt-get install gnupg gpgv)");
        Signers signers;
        QVERIFY(signers.made());
        const auto &[work, upstream, stranger] = signers;
        const QByteArray keys = gpg(upstream, {QStringLiteral("--export")});
        QVERIFY(!keys.isEmpty() && keys != "FAILED");
        const QString keyring = work.filePath(QStringLiteral("upstream.gpg"));
        QFile k(keyring);
        QVERIFY(k.open(QIODevice::WriteOnly));
        k.write(keys);
        k.close();
        const QString toolSha = Sha256::ofData(ToolArchive);
        const QByteArray sums =
            toolSha.toLatin1() + "  tool_1.0_linux_amd64.zip\n" + QByteArray(64, 'b') + "  tool_1.0_darwin_arm64.zip\n";
        const QString sumsFile = work.filePath(QStringLiteral("tool_1.0_SHA256SUMS"));
        QFile f(sumsFile);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(sums);
        f.close();
        const QString sig = sumsFile + QStringLiteral(".sig");
        QVERIFY(gpg(upstream, {QStringLiteral("--output"), sig, QStringLiteral("--detach-sign"), sumsFile})
                != "FAILED");
        const QString strangerSig = sumsFile + QStringLiteral(".stranger.sig");
        QVERIFY(gpg(stranger, {QStringLiteral("--output"), strangerSig, QStringLiteral("--detach-sign"), sumsFile})
                != "FAILED");

        const SignatureVerifier verifier(keyring);
        QString error;
        QVERIFY2(verifier.verify(sumsFile, sig, &error), qPrintable(error));
        QCOMPARE(SignatureVerifier::digestIn(sums, QStringLiteral("tool_1.0_linux_amd64.zip")), toolSha);
        QVERIFY(SignatureVerifier::digestIn(sums, QStringLiteral("tool_1.0_linux_arm64.zip")).isEmpty());
        // Signed by a key not in the keyring: refused.
        QVERIFY(!verifier.verify(sumsFile, strangerSig, &error));
        QVERIFY2(error.contains(QStringLiteral("is not signed by a key in ") + keyring), qPrintable(error));
        // No keyring shipped: refused, not skipped.
        QVERIFY(!SignatureVerifier(work.filePath(QStringLiteral("missing.gpg"))).verify(sumsFile, sig, &error));
        QVERIFY2(error.contains(QStringLiteral("cannot be checked")), qPrintable(error));
        // The checksum file changed after signing: refused.
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(QByteArray(sums).replace(0, 1, toolSha.startsWith(QLatin1Char('0')) ? "1" : "0"));
        f.close();
        QVERIFY(!verifier.verify(sumsFile, sig, &error));
        QVERIFY2(error.contains(QStringLiteral("is not signed")), qPrintable(error));
    }

    // A download whose upstream signs it is checked with gpgv against the key the lock names:
    // a signed checksum file (HashiCorp's way) or a detached signature (Helm's). A signature by
    // another key, a key other than the named fingerprint, a missing signature, or a signed
    // checksum that is not the download's is refused with both values named.
    void aSignedDownloadIsCheckedWithTheNamedKey()
    {
        if (!gpgAvailable())
            QSKIP("gpg and gpgv are needed (apt-get install gnupg gpgv)");
        Signers signers;
        QVERIFY(signers.made());
        const QTemporaryDir &work = signers.work;
        const QString upstream = signers.upstream, stranger = signers.stranger;
        const QString key = work.filePath(QStringLiteral("upstream.asc"));
        QFile k(key);
        QVERIFY(k.open(QIODevice::WriteOnly));
        k.write(gpg(upstream, {QStringLiteral("--armor"), QStringLiteral("--export")}));
        k.close();
        const QString fingerprint = fingerprintsIn(key).value(0);
        QCOMPARE(fingerprint.size(), 40);
        const QString otherFingerprint =
            fingerprintsIn([&] {
                QString f = work.filePath(QStringLiteral("stranger.asc"));
                QFile s(f);
                s.open(QIODevice::WriteOnly);
                s.write(gpg(stranger, {QStringLiteral("--armor"), QStringLiteral("--export")}));
                return f;
            }())
                .value(0);
        const QByteArray toolSha = Sha256::ofData(ToolArchive).toLatin1();
        const auto sign = [&](const QString &home, const QByteArray &data) {
            return gpg(home, {QStringLiteral("--detach-sign")}, data);
        };
        const QByteArray sums = toolSha + "  tool.tar.gz\n" + QByteArray(64, 'c') + "  other.tar.gz\n";
        const QByteArray wrongSums = QByteArray(64, 'd') + "  tool.tar.gz\n";
        m_server->route("/dl/SHA256SUMS", {200, sums, "text/plain", {}, {}});
        m_server->route("/dl/SHA256SUMS.sig", {200, sign(upstream, sums), "application/octet-stream", {}, {}});
        m_server->route("/dl/SHA256SUMS.stranger.sig", {200, sign(stranger, sums), "application/octet-stream", {}, {}});
        m_server->route("/dl/WRONGSUMS", {200, wrongSums, "text/plain", {}, {}});
        m_server->route("/dl/WRONGSUMS.sig", {200, sign(upstream, wrongSums), "application/octet-stream", {}, {}});
        m_server->route("/dl/tool.tar.gz.asc", {200, sign(upstream, ToolArchive), "application/octet-stream", {}, {}});
        const auto fetchWith = [&](const QString &signature, const QString &digest, QString *error) {
            const QByteArray json =
                QStringLiteral("{\"format\": \"labforge/pins@2\", \"components\": {\"tool\": {\"version\": \"v1\", "
                               "\"artifacts\": [{\"name\": \"tool\", \"source\": \"https\", \"url\": "
                               "\"%1/dl/tool.tar.gz\", \"digest\": {\"algorithm\": \"sha256\", \"value\": \"%2\", "
                               "\"provenance\": \"%3\", \"source\": \"%4\"}, \"signature\": {%5}}]}}}")
                    .arg(m_server->base(), digest, digest.isEmpty() ? QString() : QStringLiteral("published"),
                         digest.isEmpty() ? QString() : QStringLiteral("the tool's SHA256SUMS"),
                         QString(signature).replace(QStringLiteral("BASE"), m_server->base()))
                    .toUtf8();
            const auto lock = PinsLock::fromJson(json, error);
            if (!lock)
                return std::optional<ArtifactFetcher::Fetched>();
            ArtifactFetcher fetcher;
            return fetcher.fetch(lock->artifact(QStringLiteral("tool"), QStringLiteral("tool"), &m_missing),
                                 work.path(), error);
        };
        const QString sumsSigned = QStringLiteral(
            "\"kind\": \"checksum-file\", \"checksums\": \"BASE/dl/SHA256SUMS\", \"url\": \"BASE/dl/SHA256SUMS.sig\", "
            "\"key\": \"%1\", \"fingerprint\": \"%2\"");
        QString error;
        auto fetched = fetchWith(sumsSigned.arg(key, fingerprint), QString::fromLatin1(toolSha), &error);
        QVERIFY2(fetched, qPrintable(error));
        QVERIFY2(fetched->signature.contains(fingerprint), qPrintable(fetched->signature));
        // First pull (no digest yet): the signed checksum vouches for the download.
        QVERIFY2(fetchWith(sumsSigned.arg(key, fingerprint), {}, &error), qPrintable(error));
        // Another key than the lock names.
        QVERIFY(!fetchWith(sumsSigned.arg(key, otherFingerprint), QString::fromLatin1(toolSha), &error));
        QVERIFY2(error.contains(
                     QStringLiteral("signed by key %1, but the lock expects %2").arg(fingerprint, otherFingerprint)),
                 qPrintable(error));
        QVERIFY(!QFile::exists(work.filePath(QStringLiteral("tool.tar.gz")))); // nothing refused stays
        // Signed by a stranger.
        QVERIFY(!fetchWith(QString(sumsSigned)
                               .replace(QStringLiteral("SHA256SUMS.sig"), QStringLiteral("SHA256SUMS.stranger.sig"))
                               .arg(key, QString()),
                           QString::fromLatin1(toolSha), &error));
        QVERIFY2(error.contains(QStringLiteral("does not verify")), qPrintable(error));
        // Upstream's signed checksum is not the download's (first pull: nothing else decides).
        QVERIFY(!fetchWith(QString(sumsSigned)
                               .replace(QStringLiteral("SHA256SUMS"), QStringLiteral("WRONGSUMS"))
                               .arg(key, fingerprint),
                           {}, &error));
        QVERIFY2(error.contains(QStringLiteral("gives SHA-256 %1, but the download has %2")
                                    .arg(QString(64, QLatin1Char('d')), QString::fromLatin1(toolSha))),
                 qPrintable(error));
        // No signature where the lock says there is one.
        QVERIFY(!fetchWith(QString(sumsSigned)
                               .replace(QStringLiteral("SHA256SUMS.sig"), QStringLiteral("missing.sig"))
                               .arg(key, fingerprint),
                           QString::fromLatin1(toolSha), &error));
        QVERIFY2(error.contains(QStringLiteral("refusing it unchecked")), qPrintable(error));
        // A detached signature of the file itself (Helm's .asc).
        const QString detached =
            QStringLiteral("\"kind\": \"detached\", \"url\": \"BASE/dl/tool.tar.gz.asc\", \"key\": \"%1\"").arg(key);
        fetched = fetchWith(detached, QString::fromLatin1(toolSha), &error);
        QVERIFY2(fetched, qPrintable(error));
        QVERIFY(fetched->signature.startsWith(QStringLiteral("the file signed by ") + fingerprint));
        QVERIFY(!fetchWith(QString(detached).replace(key, work.filePath(QStringLiteral("stranger.asc"))),
                           QString::fromLatin1(toolSha), &error));
    }

    // The keys shipped in generators/keys/ are the ones the built-in lock names: HashiCorp's
    // release key by its published fingerprint, Helm's KEYS file with its maintainers' keys.
    void shippedKeysAreTheNamedOnes()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("gpg")).isEmpty())
            QSKIP("gpg is needed (apt-get install gnupg)");
        const PinnedArtifact terraform =
            PinsLock::builtIn().artifact(QStringLiteral("terraform"), QStringLiteral("terraform"), &m_missing);
        QCOMPARE(terraform.signature.kind, PinnedArtifact::Signature::Kind::ChecksumFile);
        QCOMPARE(terraform.signature.fingerprint, QStringLiteral("C874011F0AB405110D02105534365D9472D7468F"));
        const PinnedArtifact helm =
            PinsLock::builtIn().artifact(QStringLiteral("helm"), QStringLiteral("helm"), &m_missing);
        QCOMPARE(helm.signature.kind, PinnedArtifact::Signature::Kind::Detached);
        QTemporaryDir dir;
        for (const PinnedArtifact &a : {terraform, helm}) {
            const QByteArray armored = PinsLock::shippedKey(a.signature.key);
            QVERIFY2(!armored.isEmpty(), qPrintable(a.signature.key));
            QString error;
            const QByteArray keyring = SignatureVerifier::dearmor(armored, &error);
            QVERIFY2(!keyring.isEmpty(), qPrintable(error));
            const QString file = dir.filePath(a.name + QStringLiteral(".gpg"));
            QFile f(file);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(keyring);
            f.close();
            const QStringList fingerprints = fingerprintsIn(file);
            if (!a.signature.fingerprint.isEmpty())
                QVERIFY2(fingerprints.contains(a.signature.fingerprint),
                         qPrintable(fingerprints.join(QLatin1Char(' '))));
            else
                QVERIFY2(fingerprints.size() >= 10, qPrintable(fingerprints.join(QLatin1Char(' '))));
        }
        QVERIFY(PinsLock::shippedKey(QStringLiteral("../pins.lock.json")).isEmpty());
    }

    void cliVerifyRehashesTheCache()
    {
        const QString lockFile = writeLock(lockJsonV2(Sha256::ofData(ToolArchive), QStringLiteral("published")));
        const QString cacheDir = m_dir.filePath(QStringLiteral("verify-cache"));
        const Run empty =
            pins({QStringLiteral("verify"), QStringLiteral("--lock"), lockFile, QStringLiteral("--cache"), cacheDir});
        QCOMPARE(empty.exitCode, 0);
        QVERIFY2(empty.out.contains(QStringLiteral("tool/tool\tpublished\tnot cached")), qPrintable(empty.out));
        QVERIFY2(empty.out.contains(QStringLiteral("charts/slurm\tnot-pinned\t")), qPrintable(empty.out));

        QVERIFY(pins({QStringLiteral("lock"), QStringLiteral("--lock"), lockFile, QStringLiteral("--cache"), cacheDir})
                    .exitCode
                == 0);
        const Run good =
            pins({QStringLiteral("verify"), QStringLiteral("--lock"), lockFile, QStringLiteral("--cache"), cacheDir});
        QCOMPARE(good.exitCode, 0);
        QVERIFY2(good.out.contains(QStringLiteral("tool/tool\tpublished\tOK")), qPrintable(good.out));
        QVERIFY2(good.out.contains(QStringLiteral("charts/slurm\tfirst-pull\tOK")), qPrintable(good.out));

        // Someone changes a cached file: verify names both values and fails, and removes nothing.
        const QString entry = cacheDir + QStringLiteral("/sha256/") + Sha256::ofData(Chart);
        QFile f(entry);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write("tampered");
        f.close();
        const Run bad =
            pins({QStringLiteral("verify"), QStringLiteral("--lock"), lockFile, QStringLiteral("--cache"), cacheDir});
        QCOMPARE(bad.exitCode, 1);
        QVERIFY2(
            bad.out.contains(QStringLiteral("charts/slurm\tfirst-pull\tMISMATCH: %1 holds SHA-256 %2, the lock pins %3")
                                 .arg(entry, Sha256::ofData("tampered"), Sha256::ofData(Chart))),
            qPrintable(bad.out));
        QVERIFY(bad.out.contains(QStringLiteral("tool/tool\tpublished\tOK")));
        QVERIFY(QFile::exists(entry));
    }
};

QTEST_GUILESS_MAIN(TestPins)
#include "tst_pins.moc"
