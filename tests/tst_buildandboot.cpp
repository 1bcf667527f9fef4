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
};

QTEST_MAIN(TestBuildAndBoot)
#include "tst_buildandboot.moc"
