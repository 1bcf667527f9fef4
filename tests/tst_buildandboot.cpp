// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// Build and Boot offers the remedy for what it refuses: with artifacts the lock has no digest
// for, "Pin Now…" runs `pins lock` (the command line's own implementation, off the UI
// thread) on a lock of the user's, shows its lines as they come and loads the lock it wrote;
// a lab whose images are all pinned shows no such button. Every artifact it fetches is served
// by a loopback server of the test's own (tests/LoopbackHttpServer.h), so the verdicts are the
// same with or without internet access.
#include "BuildAndBootDialog.h"
#include "FeatureModules.h"
#include "LoopbackHttpServer.h"
#include "PinNowDialog.h"
#include "PinOps.h"
#include "PinsLock.h"
#include "PlacementPreview.h"
#include "Sha256.h"
#include "TestLabs.h"

#include <QApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>
#include <QTreeWidget>

using namespace Labforge;

namespace {
const QByteArray HelmPath = "/dl/helm-v4.2.3-linux-amd64.tar.gz";
const QByteArray HelmArchive = QByteArray("pretend Helm release archive ").repeated(2000);
const QByteArray HelloIndex = "{\"schemaVersion\": 2, \"mediaType\": \"application/vnd.oci.image.index.v1+json\", "
                              "\"manifests\": []}";
} // namespace

class TestBuildAndBoot : public QObject
{
    Q_OBJECT

public:
    static void initMain() { Labforge::FeatureModules::install(); }

private:
    QTemporaryDir m_home;
    LoopbackHttpServer *m_server = nullptr;

    // tests/data/labs/kit-lab.lab.json with the Helm CLI on its node: what its images need is
    // the Helm release archive (a plain file) and the image hello/hello (a registry's), both of
    // which the loopback server serves.
    static Lab kitLabWithHelm()
    {
        Lab lab = TestLabs::dataLab(QStringLiteral("kit-lab"));
        lab.nodes[0].recipe.features.append(QStringLiteral("helm"));
        return lab;
    }

    // A lock of the user's for that lab: both artifacts on the loopback server, neither with a
    // digest yet.
    QString writeLock(const QString &name) const
    {
        const QString file = m_home.filePath(name);
        const QByteArray json =
            QStringLiteral("{\"format\": \"labforge/pins@2\", \"components\": {"
                           "\"helm\": {\"version\": \"v4.2.3\", \"artifacts\": [{\"name\": \"helm\", \"source\": "
                           "\"https\", \"url\": \"%1%2\", \"digest\": {\"algorithm\": \"sha256\", \"value\": \"\", "
                           "\"provenance\": \"\", \"source\": \"served on loopback by the test\"}}]}, "
                           "\"hello\": {\"version\": \"1.0\", \"artifacts\": [{\"name\": \"hello\", \"source\": "
                           "\"oci-image\", \"url\": \"docker://127.0.0.1:%3/lab/hello\", \"version\": \"1.0\", "
                           "\"digest\": {\"algorithm\": \"sha256\", \"value\": \"\", \"provenance\": \"\", "
                           "\"source\": \"served on loopback by the test\"}}]}}}\n")
                .arg(m_server->base(), QString::fromLatin1(HelmPath))
                .arg(m_server->port())
                .toUtf8();
        QFile f(file);
        return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(json) == json.size() && f.flush()
            ? file
            : QString();
    }

    // Shows the dialog with `lock` chosen under Pins lock, checks that it refuses and offers
    // Pin Now, clicks it and waits for the end; the progress dialog, or null after a failure.
    static PinNowDialog *startPinNow(BuildAndBootDialog &dialog, const QString &lock)
    {
        [&] {
            QVERIFY(!lock.isEmpty());
            dialog.show();
            QVERIFY(QTest::qWaitForWindowExposed(&dialog));
            dialog.findChild<QLineEdit *>(QStringLiteral("pinsFile"))->setText(lock);
            QCOMPARE(dialog.pinsFile(), lock);
            auto *pinNow = dialog.findChild<QPushButton *>(QStringLiteral("pinNow"));
            QVERIFY(pinNow->isVisible());
            QVERIFY(!dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->isEnabled());
            const QString refusal = dialog.findChild<QLabel *>(QStringLiteral("memoryTooBig"))->text();
            QVERIFY2(refusal.contains(QStringLiteral("Pin Now")) && refusal.contains(QStringLiteral("helm/helm"))
                         && refusal.contains(QStringLiteral("hello/hello")),
                     qPrintable(refusal));
            pinNow->click();
            auto *progress = dialog.findChild<PinNowDialog *>();
            QVERIFY(progress);
            confirm(progress);
            // The window stays responsive while it works, and Close waits for the end.
            progress->reject();
            QVERIFY(progress->isVisible());
            QTRY_VERIFY_WITH_TIMEOUT(!progress->isRunning(), 60000);
        }();
        return QTest::currentTestFailed() ? nullptr : dialog.findChild<PinNowDialog *>();
    }

    // Waits for Pin Now's list of what it would pin and confirms it with Pin.
    static void confirm(PinNowDialog *progress)
    {
        QVERIFY(!progress->isRunning());
        QTRY_VERIFY_WITH_TIMEOUT(progress->isListed(), 30000);
        progress->findChild<QPushButton *>(QStringLiteral("startPinning"))->click();
        QVERIFY(progress->isRunning());
    }

    // Pin Now clicked in the Build and Boot dialog and its list confirmed: the progress dialog,
    // or null when none opened or confirming it failed (a QVERIFY in confirm() returns from it
    // only: the caller stops here instead of going on with a dialog that never started).
    static PinNowDialog *startPinNow(BuildAndBootDialog &dialog)
    {
        dialog.findChild<QPushButton *>(QStringLiteral("pinNow"))->click();
        auto *progress = dialog.findChild<PinNowDialog *>();
        if (progress)
            confirm(progress);
        return QTest::currentTestFailed() ? nullptr : progress;
    }

    static QStringList filesIn(const QString &root)
    {
        QStringList files;
        for (QDirIterator it(root, QDir::Files, QDirIterator::Subdirectories); it.hasNext();)
            files.append(it.next());
        files.sort();
        return files;
    }

    static QByteArray readAll(const QString &path)
    {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }

private Q_SLOTS:
    void initTestCase()
    {
        qputenv("HOME", m_home.path().toUtf8());
        qputenv("XDG_DATA_HOME", m_home.path().toUtf8());
        qputenv("LABFORGE_CACHE_DIR", (m_home.path() + QStringLiteral("/cache")).toUtf8());
        QStandardPaths::setTestModeEnabled(true);
        QSettings().remove(QStringLiteral("run"));
    }

    // Every download goes to a server of the test's own on 127.0.0.1: a release archive as a
    // plain file, and an image's index behind a registry's anonymous bearer token.
    void init()
    {
        delete m_server;
        m_server = new LoopbackHttpServer(this);
        m_server->route(HelmPath, {200, HelmArchive, "application/gzip", {}, {}});
        m_server->route("/token", {200, "{\"token\": \"anon-token-1\"}", "application/json", {}, {}});
        const QByteArray challenge = "Bearer realm=\"" + m_server->base().toLatin1()
            + "/token\",service=\"test-registry\",scope=\"repository:lab/hello:pull\"";
        m_server->route("/v2/lab/hello/manifests/1.0",
                        {200, HelloIndex, "application/vnd.oci.image.index.v1+json", "anon-token-1", challenge,
                         "Docker-Content-Digest: sha256:" + Sha256::ofData(HelloIndex).toLatin1() + "\r\n"});
    }

    void aFullyPinnedLabOffersNoPinning()
    {
        BuildAndBootDialog dialog(TestLabs::builtIn(QStringLiteral("slurm-native")));
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QVERIFY(!dialog.findChild<QPushButton *>(QStringLiteral("pinNow"))->isVisible());
        QVERIFY(dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->isEnabled());
    }

    // The refusal is read whole, below the summary, never drawn over it.
    void theRefusalHasItsOwnRoom()
    {
        BuildAndBootDialog dialog(TestLabs::builtIn(QStringLiteral("slurm-hpc")));
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        auto *refusal = dialog.findChild<QLabel *>(QStringLiteral("memoryTooBig"));
        auto *summary = dialog.findChild<QWidget *>(QStringLiteral("planSummary"));
        QVERIFY(refusal->isVisible());
        QTRY_VERIFY2(refusal->geometry().top() > summary->geometry().bottom(),
                     qPrintable(QStringLiteral("summary to %1, refusal from %2")
                                    .arg(summary->geometry().bottom())
                                    .arg(refusal->geometry().top())));
        QVERIFY2(
            refusal->height() >= refusal->heightForWidth(refusal->width()),
            qPrintable(
                QStringLiteral("%1 px for %2").arg(refusal->height()).arg(refusal->heightForWidth(refusal->width()))));
    }

    // Pin Now on a lock of the user's whose artifacts have no digest yet: it fetches each one
    // from the loopback server (the archive over HTTP, the image's index through the
    // registry's token), pins it as a first pull, writes the lock in place, and the dialog,
    // reading that lock, has nothing left to refuse.
    void pinNowRunsPinsLockAndLoadsWhatItWrote()
    {
        const QString lock = writeLock(QStringLiteral("pin-now.lock.json"));
        const Lab lab = kitLabWithHelm(); // the dialog keeps a reference to it
        BuildAndBootDialog dialog(lab);
        PinNowDialog *progress = startPinNow(dialog, lock);
        QVERIFY(progress);
        const QString output = progress->output();
        QVERIFY2(progress->exitCode() == 0, qPrintable(output));
        // Its own lines, as `labforge pins lock` prints them, ending with the lock it wrote.
        QVERIFY2(
            output.contains(QStringLiteral("fetch helm/helm from ") + m_server->base() + QString::fromLatin1(HelmPath)),
            qPrintable(output));
        QVERIFY2(
            output.contains(QStringLiteral("resolve hello/hello (127.0.0.1:%1/lab/hello:1.0)").arg(m_server->port())),
            qPrintable(output));
        QVERIFY2(!output.contains(QStringLiteral("FAILED")), qPrintable(output));
        QVERIFY2(output.contains(QStringLiteral("wrote ") + lock + QLatin1Char('\n')), qPrintable(output));
        QCOMPARE(m_server->hits(HelmPath), 1);
        QVERIFY(m_server->hits("/token") > 0); // the image through the registry's anonymous token
        // The lock pins exactly what the server served, each as a first pull.
        const auto written = PinsLock::fromFile(lock);
        QVERIFY(written);
        QStringList missing;
        const PinnedArtifact helm = written->artifact(QStringLiteral("helm"), QStringLiteral("helm"), &missing);
        const PinnedArtifact hello = written->artifact(QStringLiteral("hello"), QStringLiteral("hello"), &missing);
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QLatin1Char('\n'))));
        QCOMPARE(helm.sha256, Sha256::ofData(HelmArchive));
        QCOMPARE(helm.provenance, PinnedArtifact::Provenance::FirstPull);
        QCOMPARE(hello.sha256, Sha256::ofData(HelloIndex));
        QCOMPARE(hello.provenance, PinnedArtifact::Provenance::FirstPull);
        // The Build and Boot dialog now reads that lock, and nothing is refused.
        QCOMPARE(dialog.findChild<QLineEdit *>(QStringLiteral("pinsFile"))->text(), lock);
        QCOMPARE(dialog.pins().toJson(), written->toJson());
        QVERIFY(!dialog.findChild<QPushButton *>(QStringLiteral("pinNow"))->isVisible());
        QVERIFY2(!dialog.findChild<QLabel *>(QStringLiteral("memoryTooBig"))->isVisible(),
                 qPrintable(dialog.findChild<QLabel *>(QStringLiteral("memoryTooBig"))->text()));
        QVERIFY(dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->isEnabled());
        progress->reject();
        QTRY_VERIFY(!dialog.findChild<PinNowDialog *>());
        QSettings().remove(QStringLiteral("run"));
    }

    // An artifact the server does not have (404): Pin Now fails, says which one FAILED and why,
    // writes what it could pin, and the dialog still refuses, naming what is left and offering
    // Pin Now again.
    void pinNowThatCannotFetchAnArtifactKeepsTheRefusal()
    {
        m_server->route(HelmPath, {404, "not found", "text/plain", {}, {}});
        const QString lock = writeLock(QStringLiteral("pin-now-404.lock.json"));
        const Lab lab = kitLabWithHelm(); // the dialog keeps a reference to it
        BuildAndBootDialog dialog(lab);
        PinNowDialog *progress = startPinNow(dialog, lock);
        QVERIFY(progress);
        const QString output = progress->output();
        QVERIFY2(progress->exitCode() != 0, qPrintable(output));
        QVERIFY2(output.contains(QStringLiteral("FAILED helm/helm: GET ") + m_server->base()
                                 + QString::fromLatin1(HelmPath)),
                 qPrintable(output));
        QVERIFY2(!output.contains(QStringLiteral("FAILED hello/hello")), qPrintable(output));
        QVERIFY2(output.contains(QStringLiteral("wrote ") + lock + QStringLiteral(" (1 artifact(s) failed")),
                 qPrintable(output));
        QCOMPARE(m_server->hits(HelmPath), 1);
        // The image is pinned; the archive keeps its empty digest.
        const auto written = PinsLock::fromFile(lock);
        QVERIFY(written);
        QStringList missing;
        QVERIFY(written->artifact(QStringLiteral("helm"), QStringLiteral("helm"), &missing).sha256.isEmpty());
        QCOMPARE(written->artifact(QStringLiteral("hello"), QStringLiteral("hello"), &missing).sha256,
                 Sha256::ofData(HelloIndex));
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QLatin1Char('\n'))));
        QCOMPARE(dialog.pinsFile(), lock);
        QCOMPARE(dialog.pins().toJson(), written->toJson());
        QVERIFY(!dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->isEnabled());
        QVERIFY(dialog.findChild<QPushButton *>(QStringLiteral("pinNow"))->isVisible());
        const QString refusal = dialog.findChild<QLabel *>(QStringLiteral("memoryTooBig"))->text();
        QVERIFY2(refusal.contains(QStringLiteral("helm/helm")) && !refusal.contains(QStringLiteral("hello/hello"))
                     && refusal.contains(QStringLiteral("Pin Now")),
                 qPrintable(refusal));
        progress->reject();
        QTRY_VERIFY(!dialog.findChild<PinNowDialog *>());
        QSettings().remove(QStringLiteral("run"));
    }

    // Cancel stops Pin Now before the next artifact: the Helm archive is never asked for, the
    // lock is not written, and the dialog keeps reading the lock as it was.
    void pinNowCanBeCancelled()
    {
        const QString lock = writeLock(QStringLiteral("pin-now-cancel.lock.json"));
        QFile original(lock);
        QVERIFY(original.open(QIODevice::ReadOnly));
        const QByteArray bytes = original.readAll();
        original.close();
        const Lab lab = kitLabWithHelm(); // the dialog keeps a reference to it
        BuildAndBootDialog dialog(lab);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        dialog.findChild<QLineEdit *>(QStringLiteral("pinsFile"))->setText(lock);
        const QByteArray pins = dialog.pins().toJson();
        auto *progress = startPinNow(dialog);
        QVERIFY(progress);
        // Clicked before the loopback server (this thread's) could answer the first request.
        auto *cancel = progress->findChild<QPushButton *>(QStringLiteral("cancelPinning"));
        QVERIFY(cancel && cancel->isEnabled());
        cancel->click();
        QVERIFY(progress->isVisible());
        QTRY_VERIFY_WITH_TIMEOUT(!progress->isRunning(), 60000);
        QVERIFY(progress->wasCancelled());
        QCOMPARE(progress->exitCode(), PinOps::CancelledExitCode);
        QVERIFY2(progress->output().contains(QStringLiteral("cancelled: the lock is not written")),
                 qPrintable(progress->output()));
        QCOMPARE(progress->findChild<QLabel *>(QStringLiteral("pinState"))->text(),
                 QStringLiteral("Cancelled: the lock is unchanged."));
        // The first artifact (the image hello/hello) may have been asked for before Cancel; the
        // second (the Helm archive) never is.
        QCOMPARE(m_server->hits(HelmPath), 0);
        QVERIFY(original.open(QIODevice::ReadOnly));
        QCOMPARE(original.readAll(), bytes);
        QCOMPARE(dialog.pinsFile(), lock);
        QCOMPARE(dialog.pins().toJson(), pins);
        QVERIFY(dialog.findChild<QPushButton *>(QStringLiteral("pinNow"))->isVisible());
        progress->reject();
        QTRY_VERIFY(!dialog.findChild<PinNowDialog *>());
        QSettings().remove(QStringLiteral("run"));
    }

    // Pin Now asks first: each artifact it would pin with its size as the server says it (the
    // archive's Content-Length, the image's layers from its linux/amd64 manifest; "size
    // unknown" where the server does not say) and the total, with Pin and Cancel. Cancel there
    // downloads nothing and leaves the lock as it was.
    void pinNowConfirmsWithTheListAndSizes()
    {
        const QString lock = writeLock(QStringLiteral("pin-now-confirm.lock.json"));
        const QByteArray bytes = readAll(lock);
        const Lab lab = kitLabWithHelm(); // the dialog keeps a reference to it
        BuildAndBootDialog dialog(lab);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        dialog.findChild<QLineEdit *>(QStringLiteral("pinsFile"))->setText(lock);
        const QLocale locale;
        const auto listOf = [&dialog] {
            dialog.findChild<QPushButton *>(QStringLiteral("pinNow"))->click();
            PinNowDialog *progress = dialog.findChild<PinNowDialog *>();
            [&] {
                QVERIFY(progress);
                QTRY_VERIFY_WITH_TIMEOUT(progress->isListed(), 30000);
                QVERIFY(!progress->isRunning());
            }();
            return progress;
        };
        PinNowDialog *progress = listOf();
        QVERIFY(progress);
        auto *list = progress->findChild<QTreeWidget *>(QStringLiteral("pinList"));
        QVERIFY(list);
        QCOMPARE(list->topLevelItemCount(), 2);
        QCOMPARE(list->topLevelItem(0)->text(0), QStringLiteral("hello/hello (image)"));
        QCOMPARE(list->topLevelItem(0)->text(1), QStringLiteral("size unknown")); // an index without manifests
        QCOMPARE(list->topLevelItem(1)->text(0), QStringLiteral("helm/helm"));
        QCOMPARE(list->topLevelItem(1)->text(1), locale.formattedDataSize(HelmArchive.size()));
        const QString total = progress->findChild<QLabel *>(QStringLiteral("pinTotal"))->text();
        QVERIFY2(total.contains(locale.formattedDataSize(HelmArchive.size()))
                     && total.contains(QStringLiteral("1 of "
                                                      "unknown "
                                                      "size")),
                 qPrintable(total));
        QCOMPARE(m_server->heads(HelmPath), 1);
        progress->findChild<QPushButton *>(QStringLiteral("cancelPinning"))->click();
        QTRY_VERIFY(!dialog.findChild<PinNowDialog *>());
        QCOMPARE(m_server->hits(HelmPath), 0); // nothing downloaded
        QCOMPARE(readAll(lock), bytes);

        // An image whose index names its linux/amd64 manifest: the config and layers add up.
        const QByteArray manifest = "{\"schemaVersion\": 2, \"config\": {\"size\": 100}, \"layers\": [{\"size\": "
                                    "1000}, {\"size\": 2000}]}";
        const QByteArray digest = "sha256:" + Sha256::ofData(manifest).toLatin1();
        const QByteArray index = "{\"schemaVersion\": 2, \"manifests\": [{\"digest\": \"" + digest
            + "\", \"platform\": {\"os\": \"linux\", \"architecture\": \"amd64\"}}]}";
        const QByteArray challenge = "Bearer realm=\"" + m_server->base().toLatin1()
            + "/token\",service=\"test-registry\",scope=\"repository:lab/hello:pull\"";
        m_server->route("/v2/lab/hello/manifests/1.0",
                        {200, index, "application/vnd.oci.image.index.v1+json", "anon-token-1", challenge});
        m_server->route("/v2/lab/hello/manifests/" + digest,
                        {200, manifest, "application/vnd.oci.image.manifest.v1+json", "anon-token-1", challenge});
        progress = listOf();
        QVERIFY(progress);
        list = progress->findChild<QTreeWidget *>(QStringLiteral("pinList"));
        QCOMPARE(list->topLevelItem(0)->text(1), locale.formattedDataSize(3100));
        QVERIFY2(progress->findChild<QLabel *>(QStringLiteral("pinTotal"))
                     ->text()
                     .contains(locale.formattedDataSize(3100 + HelmArchive.size())),
                 qPrintable(progress->findChild<QLabel *>(QStringLiteral("pinTotal"))->text()));
        progress->reject(); // Esc: as Cancel
        QTRY_VERIFY(!dialog.findChild<PinNowDialog *>());
        QCOMPARE(readAll(lock), bytes);
        QSettings().remove(QStringLiteral("run"));
    }

    // In the German designer Pin Now's list, states and log are German: the log is written here
    // from the command's steps (PinEvent), not taken from its English lines.
    void pinNowSpeaksTheDesignersLanguage()
    {
        QTranslator german;
        QVERIFY(german.load(QLocale(QLocale::German), QStringLiteral("labforge"), QStringLiteral("_"),
                            QStringLiteral(":/i18n")));
        QCoreApplication::installTranslator(&german);
        const QString lock = writeLock(QStringLiteral("pin-now-german.lock.json"));
        const Lab lab = kitLabWithHelm(); // the dialog keeps a reference to it
        BuildAndBootDialog dialog(lab);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        dialog.findChild<QLineEdit *>(QStringLiteral("pinsFile"))->setText(lock);
        auto *progress = startPinNow(dialog);
        QVERIFY(progress);
        QTRY_VERIFY_WITH_TIMEOUT(!progress->isRunning(), 60000);
        QCoreApplication::removeTranslator(&german);
        const QString output = progress->output();
        QVERIFY2(progress->exitCode() == 0, qPrintable(output));
        const auto english = {QStringLiteral("fetch "), QStringLiteral("resolve "), QStringLiteral("wrote ")};
        for (const QString &word : english)
            QVERIFY2(!output.contains(word), qPrintable(output));
        QVERIFY2(output.contains(QStringLiteral("lade helm/helm von ")), qPrintable(output));
        QVERIFY2(output.contains(QStringLiteral("löse hello/hello auf")), qPrintable(output));
        QVERIFY2(output.contains(QStringLiteral("%1 geschrieben").arg(lock)), qPrintable(output));
        QCOMPARE(progress->findChild<QLabel *>(QStringLiteral("pinState"))->text(),
                 QStringLiteral("Jedes Artefakt ist gepinnt."));
        QCOMPARE(progress->findChild<QTreeWidget *>(QStringLiteral("pinList"))->headerItem()->text(1),
                 QStringLiteral("Größe"));
        progress->reject();
        QTRY_VERIFY(!dialog.findChild<PinNowDialog *>());
        QSettings().remove(QStringLiteral("run"));
    }

    // Cancel while the Helm archive is coming (the server sends half of it and stalls) stops
    // at once: the download is aborted, no part of it is left in the cache or the download
    // directory, and the lock is not written.
    void pinNowCancelStopsADownloadAtOnce()
    {
        m_server->route(HelmPath, {200, HelmArchive, "application/gzip", {}, {}, {}, true});
        const QString lock = writeLock(QStringLiteral("pin-now-stall.lock.json"));
        const QByteArray bytes = readAll(lock);
        const QStringList cached = filesIn(m_home.filePath(QStringLiteral("cache")));
        const Lab lab = kitLabWithHelm(); // the dialog keeps a reference to it
        BuildAndBootDialog dialog(lab);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        dialog.findChild<QLineEdit *>(QStringLiteral("pinsFile"))->setText(lock);
        auto *progress = startPinNow(dialog);
        QVERIFY(progress);
        QTRY_VERIFY_WITH_TIMEOUT(m_server->hits(HelmPath) == 1, 30000);
        QTRY_VERIFY(progress->output().contains(QStringLiteral("fetch helm/helm")));
        QTest::qWait(300); // the first half has arrived; the rest never will
        QElapsedTimer clock;
        clock.start();
        progress->findChild<QPushButton *>(QStringLiteral("cancelPinning"))->click();
        QTRY_VERIFY_WITH_TIMEOUT(!progress->isRunning(), 20000);
        QVERIFY2(clock.elapsed() < 5000, qPrintable(QStringLiteral("stopped after %1 ms").arg(clock.elapsed())));
        QCOMPARE(progress->exitCode(), PinOps::CancelledExitCode);
        QVERIFY2(!progress->output().contains(QStringLiteral("FAILED")), qPrintable(progress->output()));
        QCOMPARE(readAll(lock), bytes);
        // No part of the archive anywhere: nothing new in the cache, no download directory left.
        QCOMPARE(filesIn(m_home.filePath(QStringLiteral("cache"))), cached);
        QStringList downloads =
            QDir::temp().entryList({QCoreApplication::applicationName() + QStringLiteral("-*")}, QDir::Dirs);
        downloads.removeAll(QFileInfo(m_home.path()).fileName());
        QVERIFY2(downloads.isEmpty(), qPrintable(downloads.join(QLatin1Char(' '))));
        progress->reject();
        QTRY_VERIFY(!dialog.findChild<PinNowDialog *>());
        QSettings().remove(QStringLiteral("run"));
    }

    // With the built-in lock, Pin Now writes a lock of the user's; when it pins nothing (every
    // download fails here) the lab keeps the built-in lock rather than switching to that copy.
    void pinNowThatPinsNothingKeepsTheLabsLock()
    {
        m_server->route(HelmPath, {404, "not found", "text/plain", {}, {}});
        m_server->route("/v2/lab/hello/manifests/1.0", {404, "not found", "text/plain", {}, {}});
        const QString userLock =
            QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/pins.lock.json");
        QVERIFY(QDir().mkpath(QFileInfo(userLock).path()));
        QFile::remove(userLock);
        QVERIFY(QFile::rename(writeLock(QStringLiteral("pin-now-nothing.lock.json")), userLock));
        const Lab lab = kitLabWithHelm(); // the dialog keeps a reference to it
        BuildAndBootDialog dialog(lab);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QCOMPARE(dialog.pinsFile(), QString());
        auto *progress = startPinNow(dialog);
        QVERIFY(progress);
        QTRY_VERIFY_WITH_TIMEOUT(!progress->isRunning(), 60000);
        QVERIFY2(progress->exitCode() != 0, qPrintable(progress->output()));
        QVERIFY2(progress->output().contains(QStringLiteral("FAILED hello/hello")), qPrintable(progress->output()));
        QCOMPARE(dialog.pinsFile(), QString());
        QCOMPARE(dialog.pins().toJson(), PinsLock::builtIn().toJson());
        progress->reject();
        QTRY_VERIFY(!dialog.findChild<PinNowDialog *>());
        QFile::remove(userLock);
        QSettings().remove(QStringLiteral("run"));
    }

    // A lab with hosts runs on their URIs: the URI field is off, and Preview Placement asks the
    // hosts (here two of libvirt's simulated hypervisor, whose 3 GiB holds a running 8 GiB
    // domain) and says where each node would go or, as here, why the lab does not fit.
    void aLabWithHostsPreviewsItsPlacement()
    {
        Lab lab = TestLabs::builtIn(QStringLiteral("web-lab"));
        lab.hosts = {LabHost {QStringLiteral("rack-a"), QStringLiteral("test:///default")},
                     LabHost {QStringLiteral("rack-b"), QStringLiteral("test:///default?host=b")}};
        lab.nodes[0].placementHost = QStringLiteral("rack-a");
        BuildAndBootDialog dialog(lab);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QVERIFY(!dialog.findChild<QLineEdit *>(QStringLiteral("uri"))->isEnabled());
        auto *preview = dialog.findChild<PlacementPreview *>();
        QVERIFY(preview);
        dialog.findChild<QPushButton *>(QStringLiteral("previewPlacement"))->click();
        QTRY_VERIFY_WITH_TIMEOUT(!preview->result().isEmpty(), 30000);
        const QString said = preview->result();
        QVERIFY2(said.contains(QStringLiteral("rack-a")) && said.contains(QStringLiteral("rack-b"))
                     && said.contains(QStringLiteral("rack-a: proxy"))
                     && said.contains(QStringLiteral("no host can take it")),
                 qPrintable(said));
        QCOMPARE(dialog.findChild<QLabel *>(QStringLiteral("placement"))->text(), said);
        // Without hosts there is no such preview.
        BuildAndBootDialog plain(TestLabs::builtIn(QStringLiteral("web-lab")));
        QVERIFY(!plain.findChild<PlacementPreview *>());
        QVERIFY(plain.findChild<QLineEdit *>(QStringLiteral("uri"))->isEnabled());
    }
};

QTEST_MAIN(TestBuildAndBoot)
#include "tst_buildandboot.moc"
