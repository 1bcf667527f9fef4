// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// Work is never lost: a save killed at a random moment leaves the previous file
// whole (QSaveFile), and unsaved designer work comes back from the autosave file
// after the window went away without closing.
#include "FeatureModules.h"
#include "LabDocument.h"
#include "LabReader.h"
#include "LabRecovery.h"
#include "LabScene.h"
#include "LabWriter.h"
#include "MainWindow.h"
#include "TestLabs.h"

#include <QAbstractButton>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QMessageBox>
#include <QProcess>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <csignal>

using namespace Labforge;

class TestFileSafety : public QObject
{
    Q_OBJECT

public:
    // The composition root: the recipe features, as app/main.cpp installs them.
    static void initMain() { Labforge::FeatureModules::install(); }
private Q_SLOTS:
    void killedSavesLeaveAWholeFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("big.lab.json"));
        // A large lab in compact form: `labforge format` rewrites all of it.
        const QByteArray compact =
            QJsonDocument(LabWriter::toJson(TestLabs::generated(20000))).toJson(QJsonDocument::Compact);
        int killed = 0;
        for (int round = 0; round < 12; ++round) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(compact);
            f.close();
            QProcess p;
            p.start(qEnvironmentVariable("LABFORGE_BINARY"), {QStringLiteral("format"), path});
            QVERIFY(p.waitForStarted());
            QTest::qWait(int(QRandomGenerator::global()->bounded(50, 900)));
            if (p.state() == QProcess::Running) {
                ::kill(pid_t(p.processId()), SIGKILL);
                ++killed;
            }
            p.waitForFinished(30000);
            const auto loaded = LabReader::readFile(path);
            QVERIFY2(loaded.ok(), qPrintable(loaded.errors.value(0).toString(path)));
            QCOMPARE(loaded.lab->nodes.size(), 20000);
            QCOMPARE(QDir(dir.path()).entryList(QDir::Files),
                     QStringList {QStringLiteral("big.lab.json")}); // no temporary left visible
        }
        qInfo("%d of 12 saves were killed midway; the file always loaded whole", killed);
        QVERIFY(killed > 0);
    }

    void autosaveBringsBackWorkAfterTheWindowDied()
    {
        QTemporaryDir home;
        qputenv("HOME", home.path().toUtf8());
        qputenv("XDG_DATA_HOME", home.path().toUtf8());
        QStandardPaths::setTestModeEnabled(true);
        QFile::remove(MainWindow::recoveryPath());
        {
            auto *window = new MainWindow;
            window->openTemplate(QStringLiteral("web-lab"));
            window->scene()->addNodeOfRole(QStringLiteral("generic"), QPointF(900, 100));
            QVERIFY(!window->document()->undoStack()->isClean());
            window->recovery()->setInterval(200); // 30 s by default
            QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(MainWindow::recoveryPath()), 5000);
            // The window goes away without closing (as when the process dies): no close event, no question.
            window->document()->undoStack()->setClean();
            window->deleteLater();
        }
        QTest::qWait(50);
        QVERIFY(QFile::exists(MainWindow::recoveryPath()));
        // At the next start the recovery is offered; answer yes.
        QTimer::singleShot(200, [] {
            for (QWidget *w : QApplication::topLevelWidgets()) {
                if (auto *box = qobject_cast<QMessageBox *>(w))
                    box->button(QMessageBox::Yes)->click();
            }
        });
        MainWindow again;
        QTRY_VERIFY_WITH_TIMEOUT(again.document()->lab().node(QStringLiteral("node")) != nullptr, 5000);
        QCOMPARE(again.document()->lab().nodes.size(), 4);
        QVERIFY(!again.document()->undoStack()->isClean()); // recovered work is unsaved work
        again.document()->undoStack()->setClean();
    }
};

QTEST_MAIN(TestFileSafety)
#include "tst_filesafety.moc"
