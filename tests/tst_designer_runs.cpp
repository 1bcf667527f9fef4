// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// The designer's Run menu under QT_QPA_PLATFORM=offscreen, without VMs: recorded run events
// fill the Assertions panel, the Log, the Progress bars and the canvas's badges; Build and Boot
// says first when this process may not build and boot (root), offers `labforge up`'s options
// and refuses what the host cannot hold or the pins lock does not pin; Down asks first and
// names what it removes.
#include "AssertionListModel.h"
#include "AssertionsDock.h"
#include "BuildAndBootDialog.h"
#include "DesignerFixture.h"
#include "MenuAction.h"
#include "NodeItem.h"
#include "RunInventory.h"
#include "RunLock.h"
#include "RunPrivilege.h"
#include "RunProgressPanel.h"
#include "RunWorkbench.h"
#include "RunnerPaths.h"
#include "TestLabs.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace Labforge;

class TestDesignerRuns : public DesignerFixture
{
    Q_OBJECT

private Q_SLOTS:
    void recordedRunFillsTheAssertionsDockAndBadges()
    {
        auto event = [](RunEvent::Type type, const char *node, const char *key, const QString &message,
                        RunEvent::NodeState state = RunEvent::NodeState::None) {
            RunEvent e;
            e.nodeState = state;
            e.type = type;
            e.stage = RunStage::Scenario;
            e.node = QString::fromLatin1(node);
            e.assertion = QString::fromLatin1(key);
            e.message = message;
            if (type == RunEvent::Type::AssertionStarted) {
                e.description = message; // the panel shows the step's description, not the log line
                e.message = QStringLiteral("waiting: ") + message;
            }
            return e;
        };
        using T = RunEvent::Type;
        const QList<RunEvent> recorded {
            event(T::NodeState, "storage", "", QStringLiteral("booting (1024 MiB, 1 vCPU)"),
                  RunEvent::NodeState::Booting),
            event(T::NodeState, "storage", "", QStringLiteral("up: SSH answered after 64 s"), RunEvent::NodeState::Up),
            event(T::AssertionStarted, "controller", "acc/1a", QStringLiteral("five nodes Ready")),
            event(T::AssertionStarted, "storage", "acc/8", QStringLiteral("NFS serves")),
            event(T::AssertionAttempt, "controller", "acc/1a", QStringLiteral("attempt 1")),
            event(T::AssertionAttempt, "controller", "acc/1a", QStringLiteral("attempt 2")),
            event(T::AssertionPassed, "controller", "acc/1a", QStringLiteral("passed after 2 attempt(s)")),
            event(T::AssertionAttempt, "storage", "acc/8", QStringLiteral("attempt 1")),
        };
        for (const RunEvent &e : recorded)
            m_window->handleRunEvent(e);
        AssertionListModel *model = m_window->assertions();
        QCOMPARE(model->rowCount(), 2);
        QCOMPARE(model->result(0).state, AssertionResult::State::Passed);
        QCOMPARE(model->result(0).description, QStringLiteral("five nodes Ready"));
        QCOMPARE(model->result(1).state, AssertionResult::State::Running);
        QVERIFY(model->data(model->index(1, AssertionListModel::StateColumn), Qt::DisplayRole)
                    .toString()
                    .startsWith(QStringLiteral("running (attempt 1")));
        // The canvas follows on the batching timer.
        QTRY_COMPARE(scene()->nodeItem(QStringLiteral("storage"))->runState(), QStringLiteral("testing"));
        m_window->handleRunEvent(
            event(T::AssertionFailed, "storage", "acc/8", QStringLiteral("failed after 1 attempt(s)")));
        QCOMPARE(model->result(1).state, AssertionResult::State::Failed);
        QCOMPARE(scene()->nodeItem(QStringLiteral("controller"))->passed(), 1);
        QCOMPARE(scene()->nodeItem(QStringLiteral("storage"))->failed(), 1);
        m_window->assertionsDock()->failedOnly()->setChecked(true);
        QCOMPARE(m_window->assertionsDock()->visibleRows(), 1);
        // A long stream of log lines is batched, not painted line by line.
        for (int i = 0; i < 5000; ++i)
            m_window->handleRunEvent(event(T::Log, "controller", "", QStringLiteral("line %1").arg(i)));
        QTRY_VERIFY(m_window->findChild<QPlainTextEdit *>(QStringLiteral("log"))
                        ->toPlainText()
                        .contains(QStringLiteral("line 4999")));
    }

    void recordedBuildAndBootShowsProgressBars()
    {
        auto event = [](RunEvent::Type type, const char *stage, const char *node, const QString &message,
                        double progress = -1, RunEvent::NodeState state = RunEvent::NodeState::None) {
            RunEvent e;
            e.nodeState = state;
            e.type = type;
            e.stage = stageFromName(QString::fromLatin1(stage));
            e.node = QString::fromLatin1(node);
            e.message = message;
            e.progress = progress;
            return e;
        };
        using T = RunEvent::Type;
        m_window->runs()->beginProgress(true, true);
        RunProgressPanel *panel = m_window->progressPanel();
        QVERIFY(panel->stageBar(RunStage::Image));
        QVERIFY(panel->nodeBar(QStringLiteral("storage")));
        QVERIFY(!panel->stageBar(RunStage::Teardown));
        for (const RunEvent &e :
             {event(T::StageStarted, "image", "", QStringLiteral("building stale images")),
              event(T::StageFinished, "base", "", QStringLiteral("base reused from the cache")),
              event(T::NodeState, "image", "storage", QStringLiteral("building"), 0, RunEvent::NodeState::Building),
              event(T::StageProgress, "image", "storage", QStringLiteral("overlay files"), 0.5),
              event(T::NodeState, "image", "controller", QStringLiteral("unchanged, reused"), 1,
                    RunEvent::NodeState::Reused)})
            m_window->handleRunEvent(e);
        // The batching timer paints all of it at once.
        QTRY_COMPARE(panel->stageBar(RunStage::Base)->value(), 1000);
        QCOMPARE(panel->nodeBar(QStringLiteral("storage"))->value(), 500);
        QVERIFY2(panel->nodeText(QStringLiteral("storage")).contains(QStringLiteral("overlay files")),
                 qPrintable(panel->nodeText(QStringLiteral("storage"))));
        const int nodes = int(doc()->lab().nodes.size());
        QCOMPARE(panel->stageBar(RunStage::Image)->value(), int(1.5 / nodes * 1000));
        QCOMPARE(scene()->nodeItem(QStringLiteral("storage"))->runProgress(), 0.5);
        QCOMPARE(scene()->nodeItem(QStringLiteral("controller"))->runProgress(), 1.0);
        QCOMPARE(scene()->nodeItem(QStringLiteral("compute-1"))->runProgress(), NodeItem::NoProgress);

        m_window->handleRunEvent(event(T::StageStarted, "boot", "", QStringLiteral("6 VM(s)")));
        m_window->handleRunEvent(event(T::NodeState, "boot", "storage", QStringLiteral("booting (1024 MiB, 1 vCPU)"), 0,
                                       RunEvent::NodeState::Booting));
        QTRY_COMPARE(panel->stageBar(RunStage::Image)->value(), 1000); // completed by the next stage
        QCOMPARE(panel->nodeBar(QStringLiteral("storage"))->maximum(), 0); // busy: nothing measures a boot
        QVERIFY(panel->nodeText(QStringLiteral("storage")).startsWith(QStringLiteral("booting for ")));
        QVERIFY(scene()->nodeItem(QStringLiteral("storage"))->runProgress() < 0);
        QCOMPARE(scene()->nodeItem(QStringLiteral("storage"))->runText(), QStringLiteral("booting"));
        // For looking at it as a user: LABFORGE_TEST_SHOTS=DIR keeps a picture of the window here.
        if (const QString shots = qEnvironmentVariable("LABFORGE_TEST_SHOTS"); !shots.isEmpty()) {
            m_window->resize(1600, 1000);
            QTest::qWait(250); // time to lay out and paint at the new size: no state to wait for
            QVERIFY(m_window->grab().save(shots + QStringLiteral("/progress-while-booting.png")));
        }

        m_window->handleRunEvent(event(T::StageStarted, "ssh", "", QStringLiteral("waiting for SSH")));
        m_window->handleRunEvent(event(T::NodeState, "ssh", "storage", QStringLiteral("up: SSH answered after 64 s"), 1,
                                       RunEvent::NodeState::Up));
        m_window->handleRunEvent(
            event(T::StageFailed, "ssh", "", QStringLiteral("node controller did not answer SSH")));
        m_window->handleRunEvent(event(T::StageStarted, "teardown", "", QStringLiteral("removing what this run made")));
        QTRY_COMPARE(scene()->nodeItem(QStringLiteral("storage"))->runText(), QStringLiteral("up"));
        QVERIFY(panel->stageBar(RunStage::Teardown)); // a row appears for the clean-up
        QVERIFY(panel->stageText(RunStage::Ssh).contains(QStringLiteral("did not answer SSH")));
        QCOMPARE(panel->stageBar(RunStage::Ssh)->palette().color(QPalette::Highlight), QColor(0xc6, 0x28, 0x28));
        QVERIFY(panel->stageText(RunStage::Scenario).startsWith(QStringLiteral("waiting")));
        m_window->runs()->beginProgress(false, true); // the next run starts clean
        QCOMPARE(scene()->nodeItem(QStringLiteral("storage"))->runProgress(), NodeItem::NoProgress);
    }

    // Run ▸ Down asks first, names what the last run recorded, and defaults to Cancel;
    // cancelling removes nothing. While a run holds the lab, Down is refused.
    void downAsksFirstAndNamesWhatItRemoves()
    {
        QTemporaryDir cache;
        qputenv("LABFORGE_CACHE_DIR", cache.path().toUtf8());
        QString error;
        RunInventory inventory(RunnerPaths::run(QStringLiteral("slurm-hpc"), &error));
        inventory.lab = QStringLiteral("slurm-hpc");
        inventory.uri = QStringLiteral("test:///default");
        inventory.domains.append(
            {QStringLiteral("labforge-slurm-hpc-controller"), QStringLiteral("controller"), {}, 0, {}, {}, {}});
        inventory.networks.append(QStringLiteral("labforge-slurm-hpc-hpc-lab"));
        QVERIFY(inventory.save(&error));
        QAction *down = menuAction(m_window.get(), "&Down");
        QVERIFY(down);
        QString asked;
        bool cancelIsDefault = false;
        QTimer::singleShot(200, this, [&] {
            auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            if (!box)
                return;
            asked = box->text();
            cancelIsDefault = box->defaultButton() == box->button(QMessageBox::Cancel);
            box->button(QMessageBox::Cancel)->click();
        });
        down->trigger();
        QVERIFY2(asked.contains(QStringLiteral("labforge-slurm-hpc-controller"))
                     && asked.contains(QStringLiteral("labforge-slurm-hpc-hpc-lab")),
                 qPrintable(asked));
        QVERIFY(cancelIsDefault);
        QVERIFY(QFile::exists(inventory.path())); // nothing removed

        RunLock holder(QStringLiteral("slurm-hpc"));
        QVERIFY(holder.acquire(&error));
        QString refused;
        QTimer::singleShot(200, this, [&] {
            if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget())) {
                refused = box->text();
                box->accept();
            }
        });
        down->trigger();
        QVERIFY2(refused.contains(QStringLiteral("being run")), qPrintable(refused));
        holder.release();
        qunsetenv("LABFORGE_CACHE_DIR");
    }

    // Build and Boot: Cancel is the default button; the memory scale is offered at what this
    // host can hold, and a scale that does not fit disables "Allocate and boot" with the field named.
    void buildAndBootRefusesWhatTheHostCannotHold()
    {
        m_window->openTemplate(QStringLiteral("slurm-native")); // every artifact of its images pinned
        bool checked = false, cancelDefault = false, fitsAtOffer = false, refusedAtFour = false;
        QString why;
        QTimer::singleShot(300, this, [&] {
            auto *dialog = m_window->findChild<QDialog *>(QStringLiteral("buildAndBoot"));
            if (!dialog)
                return;
            auto *buttons = dialog->findChild<QDialogButtonBox *>();
            auto *scale = dialog->findChild<QDoubleSpinBox *>(QStringLiteral("memoryScale"));
            auto *tooBig = dialog->findChild<QLabel *>(QStringLiteral("memoryTooBig"));
            checked = buttons && scale && tooBig;
            if (checked) {
                cancelDefault = buttons->button(QDialogButtonBox::Cancel)->isDefault()
                    && !buttons->button(QDialogButtonBox::Ok)->isDefault();
                fitsAtOffer = buttons->button(QDialogButtonBox::Ok)->isEnabled() && tooBig->isHidden();
                scale->setValue(4);
                refusedAtFour = !buttons->button(QDialogButtonBox::Ok)->isEnabled() && !tooBig->isHidden();
                why = tooBig->text();
            }
            dialog->reject();
        });
        QAction *buildAndBoot = menuAction(m_window.get(), "&Build and Boot");
        QVERIFY(buildAndBoot);
        buildAndBoot->trigger();
        QVERIFY(checked);
        QVERIFY(cancelDefault);
        QVERIFY(fitsAtOffer);
        QVERIFY(refusedAtFour);
        QVERIFY2(why.contains(QStringLiteral("Memory scale")), qPrintable(why));
        QVERIFY(!m_window->runProgress().isActive()); // cancelled: no run started
    }

    // Build and Boot by a process that may not build and boot (the privilege check replaced:
    // these tests run as root) says so in a dialog of its own before anything opens or starts,
    // in the words `labforge up` uses.
    void buildAndBootSaysFirstThatItNeedsRoot()
    {
        m_window->openTemplate(QStringLiteral("slurm-native"));
        m_window->runs()->setPrivilegeCheck([] { return RunPrivilege::missing(false); });
        QString title, text;
        bool optionsShown = false;
        QTimer::singleShot(300, this, [&] {
            if (auto *dialog = m_window->findChild<QDialog *>(QStringLiteral("buildAndBoot"))) {
                optionsShown = true;
                dialog->reject();
            } else if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget())) {
                title = box->windowTitle();
                text = box->text();
                box->button(QMessageBox::Ok)->click();
            }
        });
        QAction *buildAndBoot = menuAction(m_window.get(), "&Build and Boot");
        QVERIFY(buildAndBoot);
        buildAndBoot->trigger();
        QVERIFY(!optionsShown);
        QCOMPARE(title, QStringLiteral("Build and Boot needs root"));
        QCOMPARE(text, RunPrivilege::missing(false));
        QVERIFY(text.contains(QStringLiteral("needs root")));
        QVERIFY(!m_window->runProgress().isActive());
        QVERIFY(RunPrivilege::missing(true).isEmpty());
    }

    // The dialog offers what `labforge up` offers (URI, jobs, SSH wait, keep on failure,
    // pins lock) and hands it to the run; a pins lock that does not load is refused with
    // its error; the choices are remembered for the next run.
    void buildAndBootOffersTheRunOptionsOfUp()
    {
        QSettings().remove(QStringLiteral("run"));
        QTemporaryDir dir;
        const QString goodLock = dir.filePath(QStringLiteral("pins.lock.json"));
        QVERIFY(QFile::copy(TestLabs::sourceDir() + QStringLiteral("/generators/pins.lock.json"), goodLock));
        const Lab native = TestLabs::builtIn(QStringLiteral("slurm-native")); // its images' artifacts all pinned
        {
            BuildAndBootDialog dialog(native);
            auto *buttons = dialog.findChild<QDialogButtonBox *>();
            auto *refusal = dialog.findChild<QLabel *>(QStringLiteral("memoryTooBig"));
            dialog.findChild<QLineEdit *>(QStringLiteral("uri"))
                ->setText(QStringLiteral("qemu+ssh://root@host/system"));
            dialog.findChild<QSpinBox *>(QStringLiteral("jobs"))->setValue(3);
            dialog.findChild<QSpinBox *>(QStringLiteral("sshTimeout"))->setValue(1200);
            dialog.findChild<QCheckBox *>(QStringLiteral("keepOnFailure"))->setChecked(true);
            auto *accel = dialog.findChild<QComboBox *>(QStringLiteral("accel"));
            accel->setCurrentIndex(accel->findData(QStringLiteral("tcg")));
            auto *pins = dialog.findChild<QLineEdit *>(QStringLiteral("pinsFile"));
            pins->setText(dir.filePath(QStringLiteral("missing.json")));
            QVERIFY(!buttons->button(QDialogButtonBox::Ok)->isEnabled());
            QVERIFY2(refusal->text().contains(QStringLiteral("missing.json")), qPrintable(refusal->text()));
            pins->setText(goodLock);
            QVERIFY2(buttons->button(QDialogButtonBox::Ok)->isEnabled(), qPrintable(refusal->text()));
            const LabRunner::Options o = dialog.options();
            QCOMPARE(o.uri, QStringLiteral("qemu+ssh://root@host/system"));
            QCOMPARE(o.jobs, 3);
            QCOMPARE(o.sshTimeoutSeconds, 1200);
            QVERIFY(o.keepOnFailure);
            QCOMPARE(o.accel, BootPlan::Accel::Tcg);
            QCOMPARE(dialog.pinsFile(), goodLock);
            QCOMPARE(dialog.pins().toJson(), PinsLock::fromFile(goodLock)->toJson());
            QVERIFY(dialog.findChild<QPlainTextEdit *>(QStringLiteral("planSummary"))
                        ->toPlainText()
                        .contains(QStringLiteral("qemu+ssh://root@host/system")));
            dialog.accept();
        }
        BuildAndBootDialog again(native);
        QCOMPARE(again.options().uri, QStringLiteral("qemu+ssh://root@host/system"));
        QCOMPARE(again.options().jobs, 3);
        QCOMPARE(again.options().sshTimeoutSeconds, 1200);
        QCOMPARE(again.pinsFile(), goodLock);
        QSettings().remove(QStringLiteral("run"));
    }

    // The run's confirmation names the artifacts and images the lock pins only by a first pull,
    // and those it has no digest for (the built-in lock: the Slinky charts and every image).
    void buildAndBootMarksFirstPullPins()
    {
        QSettings().remove(QStringLiteral("run"));
        {
            BuildAndBootDialog dialog(doc()->lab());
            const QString summary = dialog.findChild<QPlainTextEdit *>(QStringLiteral("planSummary"))->toPlainText();
            QVERIFY2(summary.contains(QStringLiteral("No digest in the pins lock for "))
                         && summary.contains(QStringLiteral("slinky/slurm-operator-crds, slinky/slurm-operator, "
                                                            "slinky/slurm"))
                         && summary.contains(QStringLiteral("slurm/slurmctld"))
                         && summary.contains(QStringLiteral("kubernetes/kube-apiserver")),
                     qPrintable(summary));
            QVERIFY(!summary.contains(QStringLiteral("FIRST PULL")));
        }
        auto lock = PinsLock::builtIn();
        QString error;
        for (const PinsLock::Component &c : PinsLock::builtIn().components()) {
            for (const PinnedArtifact &a : c.artifacts) {
                if (a.sha256.isEmpty())
                    QVERIFY(lock.pinFirstPull(c.name, a.name, QString(64, QLatin1Char('a')),
                                              QStringLiteral("first pull"), &error));
            }
        }
        QTemporaryDir dir;
        const QString lockFile = dir.filePath(QStringLiteral("pins.lock.json"));
        QFile f(lockFile);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(lock.toJson());
        f.close();
        BuildAndBootDialog dialog(doc()->lab());
        dialog.findChild<QLineEdit *>(QStringLiteral("pinsFile"))->setText(lockFile);
        const QString summary = dialog.findChild<QPlainTextEdit *>(QStringLiteral("planSummary"))->toPlainText();
        QVERIFY2(summary.contains(QStringLiteral("FIRST PULL: upstream publishes no digest for "))
                     && summary.contains(QStringLiteral("slinky/slurm-operator-crds, slinky/slurm-operator, "
                                                        "slinky/slurm"))
                     && summary.contains(QStringLiteral("slurm/slurmd")),
                 qPrintable(summary));
        QVERIFY(!summary.contains(QStringLiteral("No digest in the pins lock")));
        QSettings().remove(QStringLiteral("run"));
    }

    // What the image build would refuse is refused by the dialog: the reference lab's images
    // need artifacts the built-in lock has no digest for (Slinky's charts, Kubernetes' images),
    // so "Allocate and boot" is off, naming them and where a lock that pins them comes from.
    void buildAndBootRefusesUnpinnedArtifacts()
    {
        BuildAndBootDialog dialog(TestLabs::builtIn(QStringLiteral("slurm-hpc")));
        auto *refusal = dialog.findChild<QLabel *>(QStringLiteral("memoryTooBig"));
        QVERIFY(!dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->isEnabled());
        QVERIFY2(refusal->text().contains(QStringLiteral("no digest for"))
                     && refusal->text().contains(QStringLiteral("Pins lock")),
                 qPrintable(refusal->text()));
    }

    // A lab with hosts is not measured against this machine's memory alone: the
    // dialog offers the recipes' sizes and says the hosts are asked when the run starts.
    void buildAndBootLeavesAHostLabToItsHosts()
    {
        Lab lab = TestLabs::builtIn(QStringLiteral("slurm-native"));
        for (Node &n : lab.nodes)
            n.recipe.minMemoryGb = 64; // 384 GB: no single machine here holds it
        BuildAndBootDialog local(lab);
        QVERIFY(local.findChild<QDoubleSpinBox *>(QStringLiteral("memoryScale"))->value() < 0.2); // shrunk to fit here
        lab.hosts = {LabHost {QStringLiteral("here"), QStringLiteral("qemu:///system"), QStringLiteral("10.0.0.1")},
                     LabHost {QStringLiteral("rack2"), QStringLiteral("qemu+ssh://root@rack2/system"),
                              QStringLiteral("10.0.0.2")}};
        BuildAndBootDialog spread(lab);
        QCOMPARE(spread.findChild<QDoubleSpinBox *>(QStringLiteral("memoryScale"))->value(), 1.0);
        const QString summary = spread.findChild<QPlainTextEdit *>(QStringLiteral("planSummary"))->toPlainText();
        QVERIFY2(summary.contains(QStringLiteral("placed on the lab's 2 host(s) when the run starts")),
                 qPrintable(summary));
        QVERIFY(!summary.contains(QStringLiteral("more than 85%")));
        QVERIFY(spread.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->isEnabled());
    }
};

QTEST_MAIN(TestDesignerRuns)
#include "tst_designer_runs.moc"
