// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "ProblemsList.h"

#include <QMainWindow>

#include <optional>

class QLineEdit;
class QTabWidget;

namespace Labforge {

class LabDocument;
class LabScene;
class LabView;
class NodePanel;
class LabPanel;
class LinkPanel;
class ReviewPanel;
class AssertionListModel;
class AssertionsDock;
class RunWorkbench;
class LabOperations;
class LabRecovery;
class RecentLabs;
class NodeFinder;
class PropertiesPanel;
class ProblemCount;
class RunProgress;
class RunProgressPanel;
struct RunEvent;

// The designer window: canvas in the middle, palette, properties, problems and
// undo history around it. Thin: every change goes through the document's undo
// stack; the logic lives in model/, canvas/ and runner/.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    LabDocument *document() const { return m_document; }
    LabScene *scene() const { return m_scene; }
    LabView *view() const { return m_view; }
    ProblemsList *problemsList() const { return m_problems; }
    NodePanel *nodePanel() const;
    LinkPanel *linkPanel() const;
    ReviewPanel *reviewPanel() const { return m_review; }
    // The run side: Run menu, Progress, Assertions and Log docks, reports.
    RunWorkbench *runs() const { return m_runs; }
    AssertionListModel *assertions() const;
    AssertionsDock *assertionsDock() const;
    RunProgressPanel *progressPanel() const;
    const RunProgress &runProgress() const;
    void handleRunEvent(const RunEvent &event);
    bool openReport(const QString &directory);

    bool openFile(const QString &path);
    void openTemplate(const QString &name);
    bool saveTo(const QString &path);
    QString filePath() const { return m_path; }
    static QString recoveryPath();
    LabRecovery *recovery() const { return m_recovery; }
    // Back to the docks' places and sizes of a first start, every panel shown.
    void resetLayout();
    // The obvious remedy of the problem in row `row` of the Problems panel, if it has one;
    // fixProblem applies it as one undo step (false when there is none).
    std::optional<ProblemFix::Fix> problemFix(int row) const;
    bool fixProblem(int row);
    // Selects and centres the node whose id or address is `text` (else the first id containing it).
    void findNode(const QString &text);

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void createActions();
    // Tools: Select, Link, Undo, Redo, Fit and Find node.
    void createToolBar(QAction *undo, QAction *redo);
    void createDocks();
    void updateTitle();
    void problemActivated(int row);
    void raiseProperties();
    // View ▸ Lab Properties: nothing selected, the lab's own panel in front.
    void showLabProperties();
    bool maybeSave();
    bool save();
    bool saveAs();
    void exportImage();
    void selectionChanged();

    LabDocument *m_document;
    LabScene *m_scene;
    NodeFinder *m_find = nullptr;
    QByteArray m_defaultLayout;
    LabView *m_view;
    ReviewPanel *m_review;
    PropertiesPanel *m_properties;
    QTabWidget *m_central = nullptr;
    ProblemsList *m_problems;
    ProblemCount *m_status;
    RecentLabs *m_recent = nullptr;
    LabRecovery *m_recovery = nullptr;
    QString m_path;
    RunWorkbench *m_runs = nullptr;
    LabOperations *m_operations = nullptr;
};

} // namespace Labforge
