// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "RunWorkbench.h"

#include "AssertionListModel.h"
#include "AssertionsDock.h"
#include "BuildAndBootDialog.h"
#include "LabDocument.h"
#include "LabRunner.h"
#include "LabScene.h"
#include "LabView.h"
#include "NodeItem.h"
#include "PinsLock.h"
#include "PlainText.h"
#include "ProblemCount.h"
#include "ReportWriter.h"
#include "RunController.h"
#include "RunInventory.h"
#include "RunLock.h"
#include "RunPrivilege.h"
#include "RunProgressPanel.h"
#include "RunnerPaths.h"
#include "RunningLabsPanel.h"
#include "RunsDialog.h"
#include "ScenarioRunText.h"

#include <QDockWidget>
#include <QFileDialog>
#include <QLabel>
#include <QMainWindow>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStatusBar>
#include <QTimer>

namespace Labforge {

RunWorkbench::RunWorkbench(QMainWindow *window, LabDocument *document, LabScene *scene, LabView *view)
    : QObject(window)
    , m_window(window)
    , m_document(document)
    , m_scene(scene)
    , m_view(view)
{
    m_run = new RunController(this);
    m_assertions = new AssertionListModel(this);
    m_assertionsDock = new AssertionsDock(m_assertions);
    auto *assertionsDock = new QDockWidget(tr("Assertions"), m_window);
    assertionsDock->setObjectName(QStringLiteral("assertionsDock"));
    assertionsDock->setWidget(m_assertionsDock);
    m_window->addDockWidget(Qt::BottomDockWidgetArea, assertionsDock);
    m_log = new QPlainTextEdit;
    m_log->setObjectName(QStringLiteral("log"));
    m_log->setReadOnly(true);
    m_log->setMaximumBlockCount(20000); // the GUI stays responsive however long a run streams
    m_log->setFont(QFont(QStringLiteral("monospace")));
    auto *logDock = new QDockWidget(tr("Log"), m_window);
    logDock->setObjectName(QStringLiteral("logDock"));
    logDock->setWidget(m_log);
    m_window->addDockWidget(Qt::BottomDockWidgetArea, logDock);
    // Progress sits beside Problems/Assertions/Log, so that bars and the stream are seen
    // together (split before tabifying: splitting a tabbed dock only adds a tab).
    auto *problemsDock = m_window->findChild<QDockWidget *>(QStringLiteral("problemsDock"));
    m_progressPanel = new RunProgressPanel(&m_progress);
    auto *progressDock = new QDockWidget(tr("Progress"), m_window);
    progressDock->setObjectName(QStringLiteral("progressDock"));
    progressDock->setWidget(m_progressPanel);
    m_window->splitDockWidget(problemsDock, progressDock, Qt::Horizontal);
    m_window->tabifyDockWidget(problemsDock, assertionsDock);
    m_window->tabifyDockWidget(assertionsDock, logDock);
    // What runs here (labforge status), beside the Log; gathered when it is first shown.
    m_runningLabs = new RunningLabsPanel;
    auto *runningDock = new QDockWidget(tr("Running Labs"), m_window);
    runningDock->setObjectName(QStringLiteral("runningLabsDock"));
    runningDock->setWidget(m_runningLabs);
    m_window->tabifyDockWidget(logDock, runningDock);
    connect(runningDock, &QDockWidget::visibilityChanged, m_runningLabs, [this](bool visible) {
        if (visible)
            m_runningLabs->refresh();
    });
    connect(m_runningLabs, &RunningLabsPanel::downRequested, this, &RunWorkbench::confirmDown);
    connect(m_runningLabs, &RunningLabsPanel::openReportRequested, this, &RunWorkbench::openReport);
    problemsDock->raise();
    fitProgressDock();
    m_logFlush = new QTimer(this);
    m_logFlush->setInterval(100);
    connect(m_logFlush, &QTimer::timeout, this, &RunWorkbench::flushLog);
    connect(m_logFlush, &QTimer::timeout, this, &RunWorkbench::showProgress);
    m_logFlush->start();
    connect(m_run, &RunController::runEvent, this, &RunWorkbench::handleRunEvent);
    connect(m_assertions, &AssertionListModel::tallyChanged, this, &RunWorkbench::updateTallies);
    connect(m_assertionsDock, &AssertionsDock::nodeRequested, this, [this](const QString &node) {
        if (m_scene->nodeItem(node)) {
            m_scene->selectNode(node);
            m_view->centerOn(m_scene->nodeItem(node));
        }
    });
    connect(m_run, &RunController::finished, m_runningLabs, &RunningLabsPanel::refresh); // what is up changed
    connect(m_run, &RunController::finished, this, [this](bool ok, const QString &message, const QString &reportDir) {
        m_progress.finish(ok);
        m_progressDirty = true;
        showProgress();
        m_pendingLog.append(message);
        m_window->statusBar()->showMessage(message, 15000);
        if (!reportDir.isEmpty())
            openReport(reportDir);
        if (!ok)
            PlainText::warning(m_window, tr("Run finished with problems"), message.left(3000));
    });
    // The last run's verdict stays in view beside the lab's own: a permanent widget of the status
    // bar, which the passing messages do not cover.
    auto *verdict = new QLabel;
    verdict->setObjectName(QStringLiteral("runVerdict"));
    m_window->statusBar()->addPermanentWidget(verdict);
    connect(m_run, &RunController::finished, verdict, [verdict](bool ok, const QString &message) {
        verdict->setText(ok ? tr("Last run: passed") : tr("Last run: finished with problems"));
        verdict->setStyleSheet(ok ? QStringLiteral("color: #1b7f3b") : QStringLiteral("color: #b02020"));
        verdict->setToolTip(message.left(1000));
    });

    QMenu *run = m_window->menuBar()->addMenu(tr("&Run"));
    m_runMenu = run;
    run->addAction(tr("&Build and Boot…"), QKeySequence(tr("Ctrl+B")), this, [this] { startRun(true, true); });
    run->addAction(tr("Run &Scenarios…"), QKeySequence(tr("Ctrl+T")), this, [this] { startRun(false, true); });
    run->addAction(tr("&Cancel Run"), QKeySequence(tr("Ctrl+.")), this, &RunWorkbench::confirmCancel);
    run->addSeparator();
    run->addAction(tr("&Open Report…"), this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(m_window, tr("Open report"), reportsDirectory());
        if (!dir.isEmpty())
            openReport(dir);
    });
    run->addAction(tr("Co&mpare with Report…"), this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(m_window, tr("Compare with report"), reportsDirectory());
        QString error;
        if (dir.isEmpty())
            return;
        if (const auto before = ReportWriter::read(dir, &error))
            m_assertions->compareWith(*before);
        else
            PlainText::warning(m_window, tr("Cannot open report"), error);
    });
    run->addAction(tr("R&uns…"), this, &RunWorkbench::showRuns);
    run->addAction(tr("&Down (remove the running lab)…"), this, [this] { confirmDown(m_document->lab().name); });
}

RunsDialog *RunWorkbench::showRuns()
{
    auto *dialog = m_window->findChild<RunsDialog *>();
    if (!dialog) {
        dialog = new RunsDialog(m_document->lab().name, m_window);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &RunsDialog::openRequested, this, &RunWorkbench::openReport);
    }
    dialog->refresh();
    dialog->show();
    dialog->raise();
    return dialog;
}

bool RunWorkbench::isRunning() const
{
    return m_run->isRunning();
}

QString RunWorkbench::reportsDirectory() const
{
    QString error;
    const QString dir = RunnerPaths::run(m_document->lab().name, &error);
    return dir.isEmpty() ? QString() : dir + QStringLiteral("/reports");
}

QString RunWorkbench::describeInventory(const QString &lab) const
{
    QString error;
    const QString dir = RunnerPaths::run(lab, &error);
    if (dir.isEmpty())
        return error;
    RunInventory inventory(dir);
    if (!inventory.load(&error))
        return tr("No run of this lab is recorded here; only VMs whose labforge metadata names lab %1 would be "
                  "removed.")
            .arg(lab);
    QString text =
        tr("VMs: %1\nNetworks: %2\nRun files: %3 in %4")
            .arg(inventory.domainNames().isEmpty() ? tr("none") : inventory.domainNames().join(QStringLiteral(", ")),
                 inventory.networks.isEmpty() ? tr("none") : inventory.networks.join(QStringLiteral(", ")))
            .arg(inventory.files.size())
            .arg(dir + QStringLiteral("/vm"));
    return text;
}

void RunWorkbench::confirmDown(const QString &lab)
{
    if (m_run->isRunning() || RunLock::isHeld(lab)) {
        QMessageBox::information(
            m_window, tr("A run is going"),
            tr("Lab %1 is being run; cancel the run (or wait for it) before taking it down.").arg(lab));
        return;
    }
    QMessageBox box(QMessageBox::Warning, tr("Take lab %1 down?").arg(lab),
                    tr("This removes what the last run of lab %1 created:\n\n%2").arg(lab, describeInventory(lab)),
                    QMessageBox::Cancel, m_window);
    QPushButton *remove = box.addButton(tr("Remove"), QMessageBox::DestructiveRole);
    box.setDefaultButton(QMessageBox::Cancel);
    box.exec();
    if (box.clickedButton() != remove)
        return;
    beginProgress(false, false);
    m_window->findChild<QDockWidget *>(QStringLiteral("logDock"))->raise();
    m_window->statusBar()->showMessage(tr("Taking lab %1 down…").arg(lab));
    m_run->down(lab);
}

bool RunWorkbench::confirmCancel()
{
    if (!m_run->isRunning())
        return true;
    QMessageBox box(
        QMessageBox::Warning, tr("Cancel the run?"),
        tr("The run stops; what it created so far is removed:\n\n%1").arg(describeInventory(m_document->lab().name)),
        QMessageBox::NoButton, m_window);
    QPushButton *stop = box.addButton(tr("Cancel the run"), QMessageBox::DestructiveRole);
    QPushButton *keep = box.addButton(tr("Keep running"), QMessageBox::RejectRole);
    box.setDefaultButton(keep);
    box.exec();
    if (box.clickedButton() != stop)
        return false;
    m_run->cancel();
    return true;
}

void RunWorkbench::reportOperation(const QString &what, const QString &errorId, const QString &message,
                                   const QString &detail)
{
    const bool done = errorId.isEmpty();
    appendLog(QStringList {what + QStringLiteral(": ") + (done ? tr("done") : tr("failed"))}
              + message.split(u'\n', Qt::SkipEmptyParts) + detail.split(u'\n', Qt::SkipEmptyParts));
    m_window->statusBar()->showMessage(done ? message : tr("%1 failed: %2").arg(what, message.left(300)), 15000);
}

bool RunWorkbench::confirmScenarios()
{
    const Lab &lab = m_document->lab();
    QString error;
    const QString dir = RunnerPaths::run(lab.name, &error);
    RunInventory inventory(dir);
    if (dir.isEmpty() || !inventory.load(&error) || inventory.domains.isEmpty()) {
        QMessageBox::information(m_window, tr("Lab %1 is not up").arg(lab.name),
                                 tr("Scenarios run on a lab that is up. Build and Boot it first (Ctrl+B): that "
                                    "runs its scenarios too."));
        return false;
    }
    if (const QString refusal = ScenarioRunText::refusal(lab); !refusal.isEmpty()) {
        QMessageBox::information(m_window, tr("Nothing to run"), refusal);
        return false;
    }
    QMessageBox box(QMessageBox::Question, tr("Run the scenarios of %1?").arg(lab.name),
                    ScenarioRunText::text(lab, inventory), QMessageBox::Cancel, m_window);
    QPushButton *run = box.addButton(tr("Run"), QMessageBox::AcceptRole);
    box.setDefaultButton(run);
    box.exec();
    return box.clickedButton() == run;
}

void RunWorkbench::startRun(bool boot, bool scenarios)
{
    if (m_run->isRunning()) {
        m_window->statusBar()->showMessage(tr("A run is already going; cancel it first."), 5000);
        return;
    }
    const Problems &problems = m_document->problems();
    if (std::any_of(problems.begin(), problems.end(), [](const Problem &p) { return p.isError(); })) {
        QMessageBox box(
            QMessageBox::Warning, tr("The lab has errors"),
            tr("The lab has %1. Fix them first; Show First goes to the first error.").arg(ProblemCount::text(problems)),
            QMessageBox::Close, m_window);
        box.setObjectName(QStringLiteral("labHasErrors"));
        QAbstractButton *first = box.addButton(tr("Show First"), QMessageBox::AcceptRole);
        box.setDefaultButton(qobject_cast<QPushButton *>(first));
        box.exec();
        if (box.clickedButton() == first)
            Q_EMIT problemRequested(ProblemCount::firstRow(problems));
        return;
    }
    LabRunner::Options options;
    PinsLock pins = PinsLock::builtIn();
    if (boot) {
        if (const QString why = m_privilege ? m_privilege() : RunPrivilege::missing(); !why.isEmpty()) {
            PlainText::warning(m_window, tr("Build and Boot needs root"), why);
            return;
        }
        // Nothing is allocated until the user has seen what the run takes.
        BuildAndBootDialog dialog(m_document->lab(), m_window);
        if (dialog.exec() != QDialog::Accepted)
            return;
        options = dialog.options();
        pins = dialog.pins();
    } else if (scenarios && !confirmScenarios()) {
        return;
    }
    m_assertions->clear();
    beginProgress(boot, scenarios);
    m_window->findChild<QDockWidget *>(QStringLiteral("logDock"))->raise();
    m_run->start(m_document->lab(), pins, options, boot, scenarios);
}

void RunWorkbench::handleRunEvent(const RunEvent &e)
{
    m_pendingLog.append(
        QStringLiteral("%1 %2 %3 %4")
            .arg(e.time.toLocalTime().toString(QStringLiteral("HH:mm:ss")), stageName(e.stage), e.node, e.message));
    if (!m_progress.isActive())
        beginProgress(true, true); // events of a run this window did not start (a recorded stream)
    if (m_progress.apply(e))
        m_progressDirty = true;
    if (e.type >= RunEvent::Type::AssertionStarted) {
        if (e.type == RunEvent::Type::AssertionStarted && m_assertions->rowCount() == 0)
            m_window->findChild<QDockWidget *>(QStringLiteral("assertionsDock"))->raise();
        m_assertions->apply(e);
    }
}

void RunWorkbench::beginProgress(bool boot, bool scenarios)
{
    m_progress.begin(m_document->lab(), boot, scenarios);
    m_progressPanel->rebuild();
    m_progressBegun = true;
    fitProgressDock();
    for (const Node &n : m_document->lab().nodes) {
        m_scene->setRunState(n.id, QString());
        m_scene->setRunProgress(n.id, NodeItem::NoProgress, QString());
    }
    m_progressDirty = true;
}

void RunWorkbench::fitProgressDock()
{
    auto *problems = m_window->findChild<QDockWidget *>(QStringLiteral("problemsDock"));
    auto *progress = m_window->findChild<QDockWidget *>(QStringLiteral("progressDock"));
    if (!problems || !progress)
        return;
    // Before any run the dock holds one line; a run's bars take two fifths of the bottom.
    const int total = std::max(problems->width() + progress->width(), 800);
    const int idle = std::max(progress->minimumSizeHint().width(), m_progressPanel->sizeHint().width());
    const int width = m_progressBegun ? total * 2 / 5 : std::min(idle, total / 4);
    m_window->resizeDocks({problems, progress}, {total - width, width}, Qt::Horizontal);
}

// Called by the batching timer: repaints bars and canvas items when events changed
// something, and ticks the elapsed times while a run is going.
void RunWorkbench::showProgress()
{
    if (!m_progressDirty && !m_progress.isActive())
        return;
    const QDateTime now = QDateTime::currentDateTimeUtc();
    if (m_progressDirty || m_progressShown.msecsTo(now) >= 1000) {
        m_progressPanel->refresh(now);
        m_progressShown = now;
    }
    if (!m_progressDirty)
        return;
    m_progressDirty = false;
    for (const auto &n : m_progress.nodes()) {
        m_scene->setRunState(n.node, n.state);
        if (n.state.isEmpty())
            m_scene->setRunProgress(n.node, NodeItem::NoProgress, QString());
        else
            m_scene->setRunProgress(n.node, n.progress, RunProgressPanel::nodeStateTitle(n.state));
    }
}

void RunWorkbench::flushLog()
{
    if (m_pendingLog.isEmpty())
        return;
    m_log->appendPlainText(m_pendingLog.join(QLatin1Char('\n')));
    m_pendingLog.clear();
}

void RunWorkbench::updateTallies()
{
    const auto tally = m_assertions->tally();
    for (const Node &n : m_document->lab().nodes) {
        const auto t = tally.value(n.id);
        m_scene->setTally(n.id, t.first, t.second);
    }
}

bool RunWorkbench::openReport(const QString &directory)
{
    QString error;
    const auto report = ReportWriter::read(directory, &error);
    if (!report) {
        QMessageBox::warning(m_window, tr("Cannot open report"), error);
        return false;
    }
    m_assertions->loadReport(*report);
    m_window->findChild<QDockWidget *>(QStringLiteral("assertionsDock"))->raise();
    QString text = tr("Report of %1, %2: %3 passed, %4 failed")
                       .arg(report->lab, report->started.toLocalTime().toString())
                       .arg(report->count(AssertionResult::State::Passed))
                       .arg(report->count(AssertionResult::State::Failed));
    if (report->lab != m_document->lab().name) {
        // Its steps and nodes are another lab's: said where the user looks, not only in the title.
        text = tr("This report is of lab %1, not of the open lab %2. ").arg(report->lab, m_document->lab().name) + text;
        m_pendingLog.append(text);
    }
    m_window->statusBar()->showMessage(text, 15000);
    if (auto *verdict = m_window->findChild<QLabel *>(QStringLiteral("runVerdict"))) {
        verdict->setText(tr("Report: %1 passed, %2 failed")
                             .arg(report->count(AssertionResult::State::Passed))
                             .arg(report->count(AssertionResult::State::Failed)));
        verdict->setStyleSheet({});
        verdict->setToolTip(text);
    }
    return true;
}

} // namespace Labforge
