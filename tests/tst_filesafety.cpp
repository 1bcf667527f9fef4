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
#include "MenuAction.h"
#include "TestLabs.h"

#include <QAbstractButton>
#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QMessageBox>
#include <QPointer>
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
        // What a save that completes writes: the same lab in canonical form.
        const auto parsed = LabReader::read(compact);
        QVERIFY(parsed.ok());
        const QByteArray canonical = LabWriter::toBytes(*parsed.lab);
        QVERIFY(canonical != compact);
        QFile f(path);
        const auto format = [&](QProcess &p) {
            if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
                return false;
            f.write(compact);
            f.close();
            p.start(qEnvironmentVariable("LABFORGE_BINARY"), {QStringLiteral("format"), path});
            return p.waitForStarted();
        };
        const auto contents = [&f] {
            QByteArray bytes;
            if (f.open(QIODevice::ReadOnly))
                bytes = f.readAll();
            f.close();
            return bytes;
        };
        // One save uncut: what it writes, and how long it takes here (reading, converting and
        // writing), so that the kills below fall anywhere in a save, its writing included.
        QElapsedTimer timer;
        {
            QProcess p;
            QVERIFY(format(p));
            timer.start();
            QVERIFY(p.waitForFinished(60000));
            QCOMPARE(p.exitCode(), 0);
            QVERIFY2(contents() == canonical, "an uncut save writes the canonical form");
        }
        const int whole = int(std::max<qint64>(timer.elapsed(), 100));
        int killed = 0, killedAfterWriting = 0;
        for (int round = 0; round < 12; ++round) {
            QProcess p;
            QVERIFY(format(p));
            // Time passing is the point: the save is killed wherever it happens to be by then.
            const int at = int(QRandomGenerator::global()->bounded(50, whole));
            QTest::qWait(at);
            const bool wasKilled = p.state() == QProcess::Running;
            if (wasKilled) {
                ::kill(pid_t(p.processId()), SIGKILL);
                ++killed;
            }
            p.waitForFinished(30000);
            const QByteArray now = contents();
            // A killed save left the old file or the new one, whole; one that ran to its end, the new one.
            const QString what = QStringLiteral("round %1, %2 killed at %3 ms of a %4 ms save: %5 bytes; the old file "
                                                "has %6, the new one %7")
                                     .arg(round)
                                     .arg(wasKilled ? QStringLiteral("save") : QStringLiteral("not"))
                                     .arg(at)
                                     .arg(whole)
                                     .arg(now.size())
                                     .arg(compact.size())
                                     .arg(canonical.size());
            if (wasKilled) {
                QVERIFY2(now == compact || now == canonical, qPrintable(what));
                killedAfterWriting += now == canonical ? 1 : 0;
            } else {
                QCOMPARE(p.exitStatus(), QProcess::NormalExit);
                QCOMPARE(p.exitCode(), 0);
                QVERIFY2(now == canonical, qPrintable(what));
            }
            const auto loaded = LabReader::readFile(path);
            QVERIFY2(loaded.ok(), qPrintable(loaded.errors.value(0).toString(path)));
            QCOMPARE(loaded.lab->nodes.size(), 20000);
            QCOMPARE(QDir(dir.path()).entryList(QDir::Files),
                     QStringList {QStringLiteral("big.lab.json")}); // no temporary left visible
        }
        qInfo("%d of 12 saves (of %d ms each) were killed midway, %d of them after the new file was in place; "
              "each left the old file or the new one whole",
              killed, whole, killedAfterWriting);
        QVERIFY(killed > 0);
    }

    void autosaveBringsBackWorkAfterTheWindowDied()
    {
        QTemporaryDir home;
        qputenv("HOME", home.path().toUtf8());
        qputenv("XDG_DATA_HOME", home.path().toUtf8());
        QStandardPaths::setTestModeEnabled(true);
        QFile::remove(MainWindow::recoveryPath());
        QPointer<MainWindow> gone;
        {
            auto *window = new MainWindow;
            window->openTemplate(QStringLiteral("web-lab"));
            window->scene()->addNodeOfRole(QStringLiteral("generic"), QPointF(900, 100));
            QVERIFY(!window->document()->undoStack()->isClean());
            window->recovery()->setInterval(200); // 30 s by default
            QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(MainWindow::recoveryPath()), 5000);
            // The window goes away without closing (as when the process dies): no close event, no question.
            window->document()->undoStack()->setClean();
            gone = window;
            window->deleteLater();
        }
        QTRY_VERIFY(gone.isNull());
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

    // Work given up (Unsaved changes ▸ Discard) is not offered back by a later start; and a
    // designer started while another runs neither offers nor removes the other one's copy.
    void discardedWorkIsNotOfferedBack()
    {
        QTemporaryDir home;
        qputenv("HOME", home.path().toUtf8());
        qputenv("XDG_DATA_HOME", home.path().toUtf8());
        QStandardPaths::setTestModeEnabled(true);
        QFile::remove(MainWindow::recoveryPath());
        int asked = 0;
        const auto answer = [&asked](QMessageBox::StandardButton button) {
            QTimer::singleShot(200, [&asked, button] {
                for (QWidget *w : QApplication::topLevelWidgets()) {
                    if (auto *box = qobject_cast<QMessageBox *>(w); box && box->isVisible()) {
                        ++asked;
                        box->button(button)->click();
                    }
                }
            });
        };
        MainWindow window;
        window.openTemplate(QStringLiteral("web-lab"));
        window.scene()->addNodeOfRole(QStringLiteral("generic"), QPointF(900, 100));
        window.recovery()->setInterval(200);
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(MainWindow::recoveryPath()), 5000);
        {
            // A second designer meanwhile: nothing offered, the first one's copy stays.
            LabDocument other;
            QWidget otherWindow;
            LabRecovery second(&other, &otherWindow);
            answer(QMessageBox::No);
            QVERIFY(!second.offer());
            QTest::qWait(400);
            QCOMPARE(asked, 0);
            second.discard();
            QVERIFY(QFile::exists(MainWindow::recoveryPath()));
        }
        window.recovery()->setInterval(30000);
        answer(QMessageBox::Discard);
        menuAction(&window, "New &Blank Lab")->trigger();
        QCOMPARE(asked, 1);
        QVERIFY(window.document()->lab().nodes.isEmpty());
        QVERIFY(!QFile::exists(MainWindow::recoveryPath()));
    }
};

QTEST_MAIN(TestFileSafety)
#include "tst_filesafety.moc"
