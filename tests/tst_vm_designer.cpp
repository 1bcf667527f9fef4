// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// The designer drives a real run (label "vm"): the nfs-pair lab is opened from a file,
// Build and Boot is started from the Run menu and its dialog, and the real run controller
// (the same pipeline as `labforge up`) builds, boots and tests the two VMs. The Progress
// and Assertions panels and the canvas must fill from the run's own events, every step
// passing; the Log and the Assertions panel never show a secret, although a careless step
// prints two. The lab is taken down from the designer's controller afterwards.
#include "AssertionListModel.h"
#include "FeatureModules.h"
#include "LabDocument.h"
#include "LabReader.h"
#include "LabRunner.h"
#include "LabScene.h"
#include "LabWriter.h"
#include "MainWindow.h"
#include "MenuAction.h"
#include "NodeItem.h"
#include "RunController.h"
#include "RunProgressPanel.h"
#include "TestLabs.h"
#include "VmSupport.h"

#include <QAction>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSet>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace Labforge;
using namespace Labforge::VmSupport;

class TestVmDesigner : public QObject
{
    Q_OBJECT

public:
    // The composition root: the recipe features, as app/main.cpp installs them.
    static void initMain() { Labforge::FeatureModules::install(); }

private:
    QTemporaryDir m_home;
    QString m_artifacts;

private Q_SLOTS:
    void initTestCase()
    {
        qputenv("HOME", m_home.path().toUtf8());
        qputenv("XDG_DATA_HOME", m_home.path().toUtf8());
        QStandardPaths::setTestModeEnabled(true);
        m_artifacts =
            qEnvironmentVariable("LABFORGE_VM_ARTIFACTS", QDir::tempPath() + QStringLiteral("/labforge-vm-artifacts"));
        QDir().mkpath(m_artifacts);
    }

    // After the test function, also when it failed: the designer keeps a lab up after its run,
    // and a failed check returns before the test's own `down`. The run is recorded under this
    // test's temporary HOME, so it is taken down here, while that still exists, rather than left
    // behind with nothing that records it.
    void cleanup()
    {
        QString error;
        if (!LabRunner::down(QStringLiteral("nfs-pair"), QString(), {}, &error) && !error.isEmpty())
            qWarning("taking nfs-pair down after the test: %s", qPrintable(error));
    }

    void buildAndBootFillsThePanelsFromARealRun()
    {
        auto loaded = LabReader::readFile(TestLabs::sourceDir() + QStringLiteral("/tests/data/labs/nfs-pair.lab.json"));
        QVERIFY(loaded.ok());
        Lab lab = *loaded.lab;
        QString error;
        LabRunner::down(lab.name, QString(), {}, &error); // leftovers of an interrupted earlier run
        QTemporaryDir keys;
        const Canaries given = exportCanaries(keys.path());
        QVERIFY2(given.error.isEmpty(), qPrintable(given.error));
        lab.scenarios.append(Scenario {
            QStringLiteral("canary-leak"), QString(), true, false, {leakStep(QStringLiteral("storage"), given)}});
        const QString labFile = keys.path() + QStringLiteral("/nfs-pair.lab.json");
        QVERIFY2(LabWriter::save(lab, labFile, &error), qPrintable(error));
        int steps = 0;
        for (const Scenario &s : lab.scenarios)
            steps += int(s.steps.size());

        MainWindow window;
        QVERIFY(window.openFile(labFile));
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto *controller = window.findChild<RunController *>();
        QVERIFY(controller);
        QSignalSpy finished(controller, &RunController::finished);
        QSignalSpy events(controller, &RunController::runEvent);

        // The confirmation dialog, answered as a user would: a smaller memory scale, then Allocate.
        bool accepted = false;
        QTimer::singleShot(500, &window, [&] {
            auto *dialog = window.findChild<QDialog *>(QStringLiteral("buildAndBoot"));
            if (!dialog)
                return;
            dialog->findChild<QDoubleSpinBox *>(QStringLiteral("memoryScale"))->setValue(0.25);
            QPushButton *ok = dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
            accepted = ok->isEnabled();
            ok->click();
        });
        // A run that fails shows a message box; it is answered (and kept for the failure message).
        QStringList messages;
        QTimer boxes;
        connect(&boxes, &QTimer::timeout, &window, [&] {
            for (QMessageBox *box : window.findChildren<QMessageBox *>()) {
                if (box->isVisible()) {
                    messages.append(box->text());
                    box->accept();
                }
            }
        });
        boxes.start(1000);
        QAction *buildAndBoot = menuAction(&window, "&Build and Boot");
        QVERIFY(buildAndBoot);
        buildAndBoot->trigger();
        QVERIFY(accepted);
        QVERIFY(controller->isRunning());

        // Meanwhile the panels follow the run: some node is seen booting on the canvas.
        bool sawBooting = false;
        QTimer watch;
        connect(&watch, &QTimer::timeout, &window, [&] {
            for (const Node &n : lab.nodes)
                sawBooting = sawBooting || window.scene()->nodeItem(n.id)->runText() == QLatin1String("booting");
        });
        watch.start(200);
        QVERIFY2(finished.wait(1500 * 1000), "the run did not finish within 25 minutes");
        watch.stop();
        const QString log = window.findChild<QPlainTextEdit *>(QStringLiteral("log"))->toPlainText();
        QVERIFY(writeFile(m_artifacts + QStringLiteral("/designer-run.log"), log.toUtf8()));
        const bool ok = finished.first().at(0).toBool();
        const QString message = finished.first().at(1).toString();
        QVERIFY2(ok, qPrintable(message + QLatin1Char('\n') + messages.join(QLatin1Char('\n'))));
        QVERIFY2(messages.isEmpty(), qPrintable(messages.join(QLatin1Char('\n'))));
        // The panels were fed by the run's own events: each node booted and answered SSH, and
        // every step reported its result.
        QSet<QString> booted, answered;
        int passedEvents = 0;
        for (const QList<QVariant> &args : std::as_const(events)) {
            const auto e = args.at(0).value<RunEvent>();
            if (e.type == RunEvent::Type::NodeState && e.stage == RunStage::Boot)
                booted.insert(e.node);
            if (e.type == RunEvent::Type::NodeState && e.stage == RunStage::Ssh && e.progress == 1)
                answered.insert(e.node);
            if (e.type == RunEvent::Type::AssertionPassed)
                ++passedEvents;
        }
        QCOMPARE(booted.size(), lab.nodes.size());
        QCOMPARE(answered.size(), lab.nodes.size());
        QCOMPARE(passedEvents, steps);
        QVERIFY(sawBooting);

        // Progress: every stage done and full (once the batching timer paints); every node's steps passed.
        const RunProgress &progress = window.runProgress();
        for (const char *stage : {"image", "seed", "network", "boot", "ssh", "startup", "scenario"}) {
            const RunProgress::Stage *s = progress.stage(stageFromName(QString::fromLatin1(stage)));
            QVERIFY2(s, stage);
            QVERIFY2(s->state == RunProgress::State::Done, stage);
            QTRY_COMPARE(window.progressPanel()->stageBar(stageFromName(QString::fromLatin1(stage)))->value(), 1000);
        }
        for (const auto &n : progress.nodes()) {
            QVERIFY(n.stepsTotal > 0);
            QCOMPARE(n.stepsPassed, n.stepsTotal);
            QCOMPARE(window.scene()->nodeItem(n.node)->failed(), 0);
        }
        QCOMPARE(window.scene()->nodeItem(QStringLiteral("storage"))->passed()
                     + window.scene()->nodeItem(QStringLiteral("client"))->passed(),
                 steps);

        // Assertions: the report of the run (opened when it finished), every step passed.
        AssertionListModel *model = window.assertions();
        QCOMPARE(model->rowCount(), steps);
        QString shown;
        for (int row = 0; row < model->rowCount(); ++row) {
            QCOMPARE(model->result(row).state, AssertionResult::State::Passed);
            for (int column = 0; column < model->columnCount(); ++column)
                shown += model->data(model->index(row, column), Qt::DisplayRole).toString() + QLatin1Char('\n');
            const AssertionResult &r = model->result(row);
            shown += r.message + QLatin1Char('\n');
            for (const AssertionResult::Attempt &a : r.attempts)
                shown += a.stdoutExcerpt + QLatin1Char('\n') + a.stderrExcerpt + QLatin1Char('\n');
        }
        // No secret on screen, although the careless step printed two.
        QVERIFY(shown.contains(QStringLiteral("[redacted ops-password]")));
        for (const QByteArray &secret : given.secrets) {
            QVERIFY2(!log.contains(QString::fromLatin1(secret)), "the Log panel shows a secret");
            QVERIFY2(!shown.contains(QString::fromLatin1(secret)), "the Assertions panel shows a secret");
        }
        if (const QString shots = qEnvironmentVariable("LABFORGE_TEST_SHOTS"); !shots.isEmpty())
            QVERIFY(window.grab().save(shots + QStringLiteral("/designer-after-nfs-pair-run.png")));
        QVERIFY(window.grab().save(m_artifacts + QStringLiteral("/designer-after-nfs-pair-run.png")));
        clearCanaries();

        // Down, from the designer's own controller.
        finished.clear();
        controller->down(lab.name);
        QVERIFY(finished.wait(600 * 1000));
        QVERIFY2(finished.first().at(0).toBool(), qPrintable(finished.first().at(1).toString()));
        window.document()->undoStack()->setClean();
    }
};

int main(int argc, char **argv)
{
    TestVmDesigner::initMain();
    if (const int skip = VmSupport::skipUnlessVmsCanRun())
        return skip;
    QApplication app(argc, argv);
    TestVmDesigner test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_vm_designer.moc"
