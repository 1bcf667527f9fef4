// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// Build and Boot offers the remedy for what it refuses: with artifacts the lock has no digest
// for, "Pin Now…" runs `pins lock` (the command line's own implementation, off the UI
// thread) on a lock of the user's, shows its lines as they come and loads the lock it wrote;
// a lab whose images are all pinned shows no such button.
#include "BuildAndBootDialog.h"
#include "FeatureModules.h"
#include "PinNowDialog.h"
#include "PinsLock.h"
#include "PlacementPreview.h"
#include "TestLabs.h"

#include <QApplication>
#include <QDialogButtonBox>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Labforge;

class TestBuildAndBoot : public QObject
{
    Q_OBJECT

public:
    static void initMain() { Labforge::FeatureModules::install(); }

private:
    QTemporaryDir m_home;

private Q_SLOTS:
    void initTestCase()
    {
        qputenv("HOME", m_home.path().toUtf8());
        qputenv("XDG_DATA_HOME", m_home.path().toUtf8());
        qputenv("LABFORGE_CACHE_DIR", (m_home.path() + QStringLiteral("/cache")).toUtf8());
        QStandardPaths::setTestModeEnabled(true);
        QSettings().remove(QStringLiteral("run"));
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

    void pinNowRunsPinsLockAndLoadsWhatItWrote()
    {
        const Lab lab = TestLabs::builtIn(QStringLiteral("slurm-hpc"));
        BuildAndBootDialog dialog(lab);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        auto *pinNow = dialog.findChild<QPushButton *>(QStringLiteral("pinNow"));
        QVERIFY(pinNow->isVisible());
        QVERIFY(!dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->isEnabled());
        QVERIFY(dialog.findChild<QLabel *>(QStringLiteral("memoryTooBig"))->text().contains(QStringLiteral("Pin Now")));
        const QString target =
            QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/pins.lock.json");
        QFile::remove(target);
        pinNow->click();
        auto *progress = dialog.findChild<PinNowDialog *>();
        QVERIFY(progress);
        QVERIFY(progress->isRunning());
        // The window stays responsive while it works, and Close waits for the end.
        progress->reject();
        QVERIFY(progress->isVisible() || !progress->isRunning());
        QTRY_VERIFY_WITH_TIMEOUT(!progress->isRunning(), 300000);
        const QString output = progress->output();
        // Its own lines, as `labforge pins lock` prints them, ending with the lock it wrote.
        QVERIFY2(output.contains(QStringLiteral("resolve ")) || output.contains(QStringLiteral("fetch ")),
                 qPrintable(output));
        QVERIFY2(output.contains(QStringLiteral("wrote ") + target), qPrintable(output));
        QVERIFY(QFile::exists(target));
        // The Build and Boot dialog now reads that lock.
        QTRY_COMPARE(dialog.findChild<QLineEdit *>(QStringLiteral("pinsFile"))->text(), target);
        QCOMPARE(dialog.pinsFile(), target);
        QCOMPARE(dialog.pins().toJson(), PinsLock::fromFile(target)->toJson());
        // On a machine without the registries nothing more is pinned, and the dialog still
        // refuses, naming the same remedy.
        if (progress->exitCode() != 0) {
            QVERIFY(output.contains(QStringLiteral("FAILED")));
            QVERIFY(!dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->isEnabled());
            QVERIFY(pinNow->isVisible());
        }
        progress->reject();
        QTRY_VERIFY(!dialog.findChild<PinNowDialog *>());
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
