// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "RunProgress.h"

#include <QDateTime>
#include <QObject>
#include <QStringList>

#include <functional>

class QMainWindow;
class QMenu;
class QPlainTextEdit;
class QTimer;

namespace Labforge {

class AssertionListModel;
class AssertionsDock;
class LabDocument;
class LabScene;
class LabView;
class RunController;
class RunProgressPanel;
class RunningLabsPanel;
class RunsDialog;
struct RunEvent;

// The designer's run side, in one piece beside the window: the Run menu, the Progress,
// Assertions and Log docks, starting a run (through the Build and Boot dialog), cancel
// and down with what they remove, the events streamed into the log, the progress bars,
// the assertions and the canvas badges, and reports opened or compared. The window
// hands it its document, scene and view.
class RunWorkbench : public QObject
{
    Q_OBJECT
public:
    RunWorkbench(QMainWindow *window, LabDocument *document, LabScene *scene, LabView *view);

    AssertionListModel *assertions() const { return m_assertions; }
    AssertionsDock *assertionsDock() const { return m_assertionsDock; }
    RunProgressPanel *progressPanel() const { return m_progressPanel; }
    RunningLabsPanel *runningLabs() const { return m_runningLabs; }
    QMenu *runMenu() const { return m_runMenu; }
    const RunProgress &progress() const { return m_progress; }
    bool isRunning() const;

    // Feeds one runner event into the log, the assertions and the canvas (also used by tests).
    void handleRunEvent(const RunEvent &event);
    // Lines for the Log dock that no run produced (notes on opening a file).
    void appendLog(const QStringList &lines) { m_pendingLog.append(lines); }
    // What came of an action on the running lab (LabOperations): to the Log and the status bar.
    void reportOperation(const QString &what, const QString &errorId, const QString &message, const QString &detail);
    // Resets the progress bars for a run that builds and boots and/or runs scenarios.
    void beginProgress(bool boot, bool scenarios);
    // Sizes the Progress dock: narrow (its one-line hint) until a run has begun, then wide.
    void fitProgressDock();
    // Loads a kept report into the Assertions panel; a report of another lab is said to be one.
    bool openReport(const QString &directory);
    // Run ▸ Runs…: the lab's past runs (RunsDialog).
    RunsDialog *showRuns();
    void startRun(bool boot, bool scenarios);
    // What Build and Boot asks before it opens: why this process may not build and boot
    // (RunPrivilege::missing() unless replaced, as tests do), empty when it may.
    void setPrivilegeCheck(std::function<QString()> check) { m_privilege = std::move(check); }
    // Asks before cancelling a run (true when none is going or the user cancelled it).
    bool confirmCancel();
    // Asks before Run Scenarios (the running lab, the scenarios that run); false when refused or declined.
    bool confirmScenarios();
    // Asks, naming what the last run of `lab` made, then takes it down (Run ▸ Down, Running Labs).
    void confirmDown(const QString &lab);

Q_SIGNALS:
    // Build and Boot was refused for the lab's errors and the user asked to see the first.
    void problemRequested(int row);

private:
    QString reportsDirectory() const;
    QString describeInventory(const QString &lab) const;
    void flushLog();
    void updateTallies();
    void showProgress();

    std::function<QString()> m_privilege;
    QMainWindow *m_window;
    bool m_progressBegun = false;
    LabDocument *m_document;
    LabScene *m_scene;
    LabView *m_view;
    AssertionListModel *m_assertions = nullptr;
    AssertionsDock *m_assertionsDock = nullptr;
    RunController *m_run = nullptr;
    QPlainTextEdit *m_log = nullptr;
    QStringList m_pendingLog;
    QTimer *m_logFlush = nullptr;
    RunProgress m_progress;
    RunProgressPanel *m_progressPanel = nullptr;
    RunningLabsPanel *m_runningLabs = nullptr;
    QMenu *m_runMenu = nullptr;
    bool m_progressDirty = false;
    QDateTime m_progressShown;
};

} // namespace Labforge
