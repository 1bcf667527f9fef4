// `labforge pins lock` and the artifact fetcher against a real HTTP server on loopback:
// plain files and a Helm chart from an OCI registry with an anonymous bearer token.
#include "ArtifactCache.h"
#include "ArtifactFetcher.h"
#include "LoopbackHttpServer.h"
#include "PinsLock.h"
#include "Sha256.h"

#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Labforge;

namespace {
const QByteArray ToolArchive = QByteArray("pretend tar.gz of a CLI ").repeated(4000);
const QByteArray Chart = QByteArray("pretend chart archive ").repeated(300);
} // namespace

class TestPins : public QObject
{
    Q_OBJECT
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
        const auto fetched = fetcher.fetch(lock->artifact(QStringLiteral("tool"), QStringLiteral("tool"), &m_missing), m_dir.path(),
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
        const auto fetched =
            fetcher.fetch(lock->artifact(QStringLiteral("charts"), QStringLiteral("slurm"), &m_missing), m_dir.path(), &error);
        QVERIFY2(fetched, qPrintable(error));
        QCOMPARE(fetched->sha256, Sha256::ofData(Chart));
        QCOMPARE(m_server->hits("/token"), 1); // anonymous token after the 401 challenge
    }

    void refusesADownloadThatDiffersFromTheLock()
    {
        const QString wrong(64, QLatin1Char('0'));
        const auto lock = PinsLock::fromJson(lockJson(wrong));
        ArtifactFetcher fetcher;
        QString error;
        QVERIFY(!fetcher.fetch(lock->artifact(QStringLiteral("tool"), QStringLiteral("tool"), &m_missing), m_dir.path(), &error));
        QVERIFY2(error.contains(QStringLiteral("but the lock pins ") + wrong), qPrintable(error));
        QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("tool-tool.download"))));
    }

    void reportsHttpErrors()
    {
        m_server->route("/dl/tool.tar.gz", {404, "gone", "text/plain", {}, {}});
        const auto lock = PinsLock::fromJson(lockJson());
        ArtifactFetcher fetcher;
        QString error;
        QVERIFY(!fetcher.fetch(lock->artifact(QStringLiteral("tool"), QStringLiteral("tool"), &m_missing), m_dir.path(), &error));
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
        QVERIFY(error.contains(QStringLiteral("not the pinned")));
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
        QCOMPARE(locked->artifact(QStringLiteral("tool"), QStringLiteral("tool"), &m_missing).sha256, Sha256::ofData(ToolArchive));
        QCOMPARE(locked->artifact(QStringLiteral("charts"), QStringLiteral("slurm"), &m_missing).sha256, Sha256::ofData(Chart));
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
};

QTEST_GUILESS_MAIN(TestPins)
#include "tst_pins.moc"
