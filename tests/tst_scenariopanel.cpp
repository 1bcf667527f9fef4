// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// The designer's scenario panel (add, duplicate, remove and reorder scenarios and steps,
// each one undo step; the step form empty and off with no step selected), Run ▸ Run
// Scenarios asking before it starts, and the window after a lab file fails to open.
#include "FeatureModules.h"
#include "LabDocument.h"
#include "LabView.h"
#include "LabWriter.h"
#include "MainWindow.h"
#include "MenuAction.h"
#include "RunInventory.h"
#include "RunWorkbench.h"
#include "RunnerPaths.h"
#include "ScenarioEdits.h"
#include "ScenarioRunText.h"
#include "Templates.h"

#include <QAbstractButton>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>

using namespace Labforge;

class TestScenarioPanel : public QObject
{
    Q_OBJECT

public:
    static void initMain() { Labforge::FeatureModules::install(); }

private:
    std::unique_ptr<MainWindow> m_window;
    QTemporaryDir m_home;

    LabDocument *doc() { return m_window->document(); }
    template<typename T>
    T *field(const char *name)
    {
        return m_window->findChild<T *>(QString::fromLatin1(name));
    }
    void click(const char *button) { field<QPushButton>(button)->click(); }
    QListWidget *steps() { return field<QListWidget>("steps"); }
    QStringList stepIds(int scenario)
    {
        QStringList ids;
        for (const ScenarioStep &s : doc()->lab().scenarios.at(scenario).steps)
            ids.append(s.id);
        return ids;
    }
    // Answers the next message box (after `trigger`) with `button`, returning its text.
    QString answer(const std::function<void()> &trigger, QMessageBox::StandardButton button)
    {
        QString text;
        QTimer::singleShot(200, this, [&] {
            if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget())) {
                text = box->windowTitle() + u'\n' + box->text();
                if (QAbstractButton *b = box->button(button))
                    b->click();
                else
                    box->accept();
            }
        });
        trigger();
        return text;
    }

private Q_SLOTS:
    void initTestCase()
    {
        qputenv("HOME", m_home.path().toUtf8());
        qputenv("XDG_DATA_HOME", m_home.path().toUtf8());
        qputenv("LABFORGE_CACHE_DIR", (m_home.path() + QStringLiteral("/cache")).toUtf8());
        QStandardPaths::setTestModeEnabled(true);
    }

    void init()
    {
        m_window = std::make_unique<MainWindow>();
        m_window->openTemplate(QStringLiteral("slurm-hpc"));
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    }

    void cleanup()
    {
        doc()->undoStack()->setClean();
        m_window.reset();
    }

    // The edits themselves, without a window: names and ids stay unique, a new scenario
    // waits for its first step, a duplicate does not gate, indexes out of range change nothing.
    void editsKeepNamesUniqueAndNewScenariosOff()
    {
        const Lab lab = *Templates::load(QStringLiteral("slurm-hpc")).lab;
        int row = 0;
        Lab edited = ScenarioEdits::withNewScenario(lab, &row);
        QCOMPARE(row, 2);
        QCOMPARE(edited.scenarios[2].name, QStringLiteral("scenario-1"));
        QVERIFY(!edited.scenarios[2].enabled);
        QVERIFY(!edited.scenarios[2].gating);
        edited = ScenarioEdits::withNewScenario(edited, &row);
        QCOMPARE(edited.scenarios[3].name, QStringLiteral("scenario-2"));
        edited = ScenarioEdits::withNewStep(edited, 2, &row);
        QCOMPARE(row, 0);
        QVERIFY(edited.scenarios[2].enabled); // its first step turns it on
        QVERIFY(!edited.scenarios[2].gating);
        QCOMPARE(edited.scenarios[2].steps[0].id, QStringLiteral("step-1"));
        QCOMPARE(edited.scenarios[2].steps[0].node, lab.nodes.first().id);
        edited = ScenarioEdits::withNewStep(edited, 2, &row);
        QCOMPARE(edited.scenarios[2].steps[1].id, QStringLiteral("step-2"));

        edited = ScenarioEdits::withDuplicateScenario(lab, 0, &row);
        QCOMPARE(row, 1);
        QCOMPARE(edited.scenarios[1].name, lab.scenarios[0].name + QStringLiteral("-copy"));
        QVERIFY(!edited.scenarios[1].gating);
        QVERIFY(edited.scenarios[0].gating);
        QCOMPARE(edited.scenarios[1].steps, lab.scenarios[0].steps);
        edited = ScenarioEdits::withDuplicateScenario(edited, 0, &row);
        QCOMPARE(edited.scenarios[1].name, lab.scenarios[0].name + QStringLiteral("-copy-2"));

        edited = ScenarioEdits::withDuplicateStep(lab, 0, 3, &row);
        QCOMPARE(row, 4);
        QCOMPARE(edited.scenarios[0].steps[4].id, lab.scenarios[0].steps[3].id + QStringLiteral("-copy"));
        QCOMPARE(edited.scenarios[0].steps[4].assertion, lab.scenarios[0].steps[3].assertion);

        edited = ScenarioEdits::withStepMoved(lab, 0, 0, 1, &row);
        QCOMPARE(row, 1);
        QCOMPARE(edited.scenarios[0].steps[1].id, lab.scenarios[0].steps[0].id);
        QCOMPARE(edited.scenarios[0].steps[0].id, lab.scenarios[0].steps[1].id);
        edited = ScenarioEdits::withStepMoved(lab, 0, 0, -1, &row); // already first
        QCOMPARE(row, 0);
        QCOMPARE(edited.scenarios, lab.scenarios);

        const int last = int(lab.scenarios[0].steps.size()) - 1;
        edited = ScenarioEdits::withoutStep(lab, 0, last, &row);
        QCOMPARE(row, last - 1);
        QCOMPARE(edited.scenarios[0].steps.size(), last);
        edited = ScenarioEdits::withoutScenario(lab, 1, &row);
        QCOMPARE(row, 0);
        QCOMPARE(edited.scenarios.size(), 1);

        for (const Lab &same :
             {ScenarioEdits::withoutScenario(lab, 5, &row), ScenarioEdits::withNewStep(lab, -1, &row),
              ScenarioEdits::withDuplicateStep(lab, 0, 99, &row), ScenarioEdits::withStepMoved(lab, 3, 0, 1, &row)}) {
            QCOMPARE(row, -1);
            QCOMPARE(same.scenarios, lab.scenarios);
        }
    }

    // Add scenario shows the new, empty scenario: no step of the previous one stays in the
    // form, whose fields are empty and off until a step is added.
    void newScenarioShowsAnEmptyFormNotThePreviousStep()
    {
        QVERIFY(!field<QLineEdit>("stepId")->text().isEmpty());
        click("addScenario");
        QCOMPARE(doc()->lab().scenarios.size(), 3);
        QCOMPARE(field<QLineEdit>("scenarioName")->text(), QStringLiteral("scenario-1"));
        QCOMPARE(steps()->count(), 0);
        for (const char *name : {"stepId", "stepExpect"}) {
            QVERIFY2(field<QLineEdit>(name)->text().isEmpty(), name);
            QVERIFY2(!field<QLineEdit>(name)->isEnabled(), name);
        }
        QVERIFY(field<QPlainTextEdit>("stepCommand")->toPlainText().isEmpty());
        QVERIFY(!field<QPlainTextEdit>("stepCommand")->isEnabled());
        QVERIFY(!field<QPushButton>("removeStep")->isEnabled());
        QVERIFY(!doc()->lab().scenarios[2].enabled);

        click("addStep");
        QCOMPARE(steps()->currentRow(), 0);
        QCOMPARE(field<QLineEdit>("stepId")->text(), QStringLiteral("step-1"));
        QVERIFY(field<QLineEdit>("stepId")->isEnabled());
        QVERIFY(doc()->lab().scenarios[2].enabled);
        QVERIFY(!doc()->lab().scenarios[2].gating);
        // Typing into the form edits the new step, not the reference scenario's.
        field<QLineEdit>("stepId")->setText(QStringLiteral("mine"));
        Q_EMIT field<QLineEdit>("stepId")->editingFinished();
        QCOMPARE(doc()->lab().scenarios[2].steps[0].id, QStringLiteral("mine"));
        QCOMPARE(doc()->lab().scenarios[0], Templates::load(QStringLiteral("slurm-hpc")).lab->scenarios[0]);
    }

    // Duplicate, Up, Down and Remove on steps, and Remove on a scenario: each one undo step,
    // the moved or new row selected.
    void stepsReorderDuplicateAndRemoveAsOneUndoStepEach()
    {
        const QByteArray original = LabWriter::toBytes(doc()->lab());
        const QStringList before = stepIds(0);
        const int undoSteps = doc()->undoStack()->count();
        steps()->setCurrentRow(1);
        click("stepDown");
        QCOMPARE(steps()->currentRow(), 2);
        QCOMPARE(stepIds(0).at(2), before.at(1));
        QCOMPARE(field<QLineEdit>("stepId")->text(), before.at(1));
        click("stepUp");
        click("stepUp");
        QCOMPARE(steps()->currentRow(), 0);
        QCOMPARE(stepIds(0).at(0), before.at(1));
        click("duplicateStep");
        QCOMPARE(steps()->currentRow(), 1);
        QCOMPARE(stepIds(0).at(1), before.at(1) + QStringLiteral("-copy"));
        click("removeStep");
        QCOMPARE(stepIds(0).size(), before.size());
        QCOMPARE(doc()->undoStack()->count(), undoSteps + 5);
        for (int i = 0; i < 5; ++i)
            doc()->undoStack()->undo();
        QCOMPARE(LabWriter::toBytes(doc()->lab()), original);

        click("duplicateScenario");
        QCOMPARE(doc()->lab().scenarios.size(), 3);
        QCOMPARE(doc()->lab().scenarios[1].name, doc()->lab().scenarios[0].name + QStringLiteral("-copy"));
        click("removeScenario");
        QCOMPARE(doc()->lab().scenarios.size(), 2);
        doc()->undoStack()->undo();
        doc()->undoStack()->undo();
        QCOMPARE(LabWriter::toBytes(doc()->lab()), original);
        // Removing every scenario leaves the form empty and off.
        click("removeScenario");
        click("removeScenario");
        QVERIFY(doc()->lab().scenarios.isEmpty());
        QVERIFY(field<QLineEdit>("scenarioName")->text().isEmpty());
        QVERIFY(!field<QLineEdit>("scenarioName")->isEnabled());
        QVERIFY(!field<QPushButton>("addStep")->isEnabled());
        QVERIFY(!field<QLineEdit>("stepId")->isEnabled());
    }

    // A step turned into a link step gets a peer on its node's network and the link fields;
    // impair's fields edit the step; a command step has them off.
    void linkStepsAreEditedInTheForm()
    {
        auto *type = field<QComboBox>("stepType");
        auto *peer = field<QComboBox>("stepPeer");
        auto *delay = field<QSpinBox>("stepDelay");
        QVERIFY(type && peer && delay);
        QVERIFY(!peer->isEnabled());
        QVERIFY(!delay->isEnabled());
        const QString node = doc()->lab().scenarios[0].steps[0].node;
        type->setCurrentText(QStringLiteral("link_down"));
        const ScenarioStep &step = doc()->lab().scenarios[0].steps[0];
        QCOMPARE(step.assertion.type, Assertion::Type::LinkDown);
        QVERIFY(!step.assertion.link.peer.isEmpty());
        QVERIFY(step.assertion.link.peer != node);
        QVERIFY(peer->isEnabled());
        QVERIFY(!delay->isEnabled());
        QVERIFY(!field<QPlainTextEdit>("stepCommand")->isEnabled());
        QCOMPARE(peer->currentText(), step.assertion.link.peer);
        QVERIFY(peer->findText(node) < 0); // not to itself
        peer->setCurrentText(QStringLiteral("storage"));
        QCOMPARE(doc()->lab().scenarios[0].steps[0].assertion.link.peer, QStringLiteral("storage"));
        type->setCurrentText(QStringLiteral("impair"));
        QVERIFY(delay->isEnabled());
        delay->setValue(250);
        QCOMPARE(doc()->lab().scenarios[0].steps[0].assertion.link.delayMs, 250);
        QCOMPARE(doc()->lab().scenarios[0].steps[0].assertion.link.peer, QStringLiteral("storage"));
    }

    // Run Scenarios asks like Build and Boot: refused when the lab is not up, otherwise it
    // names the running lab and what runs; Cancel starts nothing.
    void runScenariosAsksFirst()
    {
        QAction *runScenarios = menuAction(m_window.get(), "Run &Scenarios");
        QVERIFY(runScenarios);
        QString text = answer([&] { runScenarios->trigger(); }, QMessageBox::Ok);
        QVERIFY2(text.contains(QStringLiteral("not up")), qPrintable(text));
        QVERIFY(!m_window->runs()->isRunning());

        QString error;
        RunInventory inventory(RunnerPaths::run(QStringLiteral("slurm-hpc"), &error));
        inventory.runId = QStringLiteral("run-canary-7");
        inventory.lab = QStringLiteral("slurm-hpc");
        inventory.uri = QStringLiteral("test:///default");
        inventory.started = QDateTime::currentDateTimeUtc();
        inventory.domains.append(
            {QStringLiteral("labforge-slurm-hpc-controller"), QStringLiteral("controller"), {}, 0, {}, {}, {}});
        QVERIFY2(inventory.save(&error), qPrintable(error));
        text = answer([&] { runScenarios->trigger(); }, QMessageBox::Cancel);
        for (const QString &want : {QStringLiteral("run-canary-7"), QStringLiteral("controller"),
                                    QStringLiteral("real-hpc-acceptance (gating): 12 step"),
                                    QStringLiteral("Off or without steps (not run): hpc-lab-measurements")})
            QVERIFY2(text.contains(want), qPrintable(want + QStringLiteral(" not in: ") + text));
        QVERIFY(!m_window->runs()->isRunning());

        // Nothing on: refused, with the remedy (a lab in that state may also have errors, which
        // Run Scenarios names first).
        Lab off = doc()->lab();
        QVERIFY(ScenarioRunText::refusal(off).isEmpty());
        for (Scenario &s : off.scenarios)
            s.enabled = false;
        QVERIFY2(ScenarioRunText::refusal(off).contains(QStringLiteral("no scenario that is on")),
                 qPrintable(ScenarioRunText::refusal(off)));
        off.scenarios[1].enabled = true;
        off.scenarios[1].steps.clear();
        QVERIFY(!ScenarioRunText::refusal(off).isEmpty());
        QVERIFY(inventory.remove(&error));
    }

    // A lab file that does not open leaves the window on a usable blank lab (a name, a
    // network, the canvas at its own size), not on a nameless lab zoomed eight times.
    void failedOpenLeavesAUsableBlankLab()
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const QString missing = m_home.path() + QStringLiteral("/missing.lab.json");
        bool opened = true;
        const QString text = answer([&] { opened = window.openFile(missing); }, QMessageBox::Ok);
        QVERIFY(!opened);
        QVERIFY2(text.contains(QStringLiteral("missing.lab.json")), qPrintable(text));
        QCOMPARE(window.document()->lab().name, QStringLiteral("new-lab"));
        QCOMPARE(window.document()->lab().networks.size(), 1);
        // The window's first-start timers (dock sizes, the fit) run once the event loop does:
        // nothing shows that they have, so the loop is given a moment.
        QTest::qWait(50);
        window.view()->zoomToFit();
        QVERIFY2(window.view()->transform().m11() <= 1.0,
                 qPrintable(QString::number(window.view()->transform().m11())));
        // Nor is a one-node lab blown up to fill a large window: fitting stops at its own size.
        Lab one = *Templates::load(QStringLiteral("slurm-hpc")).lab;
        one.nodes = {one.nodes.first()};
        one.links.clear();
        window.document()->reset(one);
        const int narrower = window.view()->viewport()->width();
        window.resize(1600, 1000);
        QTRY_VERIFY(window.view()->viewport()->width() > narrower); // the canvas takes the room
        window.view()->zoomToFit();
        QVERIFY2(window.view()->transform().m11() == 1.0,
                 qPrintable(QString::number(window.view()->transform().m11())));
        window.document()->undoStack()->setClean();
    }
};

QTEST_MAIN(TestScenarioPanel)
#include "tst_scenariopanel.moc"
