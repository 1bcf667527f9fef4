// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "MainWindow.h"

#include "AssertionListModel.h"
#include "AssertionsDock.h"
#include "CanvasEditActions.h"
#include "DeleteStepsDialog.h"
#include "DiagramExporter.h"
#include "FieldMark.h"
#include "KitActions.h"
#include "LabDocument.h"
#include "LabMinimap.h"
#include "LabOperations.h"
#include "LabReader.h"
#include "LabRecovery.h"
#include "LabScene.h"
#include "LabView.h"
#include "LabWriter.h"
#include "LeftOffOffer.h"
#include "LinkItem.h"
#include "LinkPanel.h"
#include "NodeFinder.h"
#include "NodeItem.h"
#include "NodePanel.h"
#include "OutputFile.h"
#include "PaletteList.h"
#include "PinsLock.h"
#include "PlainText.h"
#include "ProblemCount.h"
#include "ProblemsList.h"
#include "PropertiesPanel.h"
#include "RecentLabs.h"
#include "ReviewPanel.h"
#include "RunProgressPanel.h"
#include "RunWorkbench.h"
#include "Templates.h"
#include "UnsavedChangesQuestion.h"
#include "WindowFit.h"

#include <QAbstractItemView>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QToolBar>
#include <QTreeWidget>
#include <QUndoView>

namespace Labforge {

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_document(new LabDocument(this))
{
    m_document->setValidationContext(PinsLock::builtIn().validationContext());
    m_document->reset(Templates::blank()); // until a lab is opened (or when opening one fails)
    m_scene = new LabScene(m_document, this);
    m_view = new LabView(m_scene);
    m_scene->commands().setStepsQuestion([this](const QList<DeletedNodeSteps::Step> &steps, const QStringList &to) {
        return DeleteStepsDialog::ask(this, steps, to);
    });
    // Canvas and review share the middle: code is read at full width, beside only the docks.
    m_review = new ReviewPanel(m_document);
    m_central = new QTabWidget;
    m_central->setObjectName(QStringLiteral("centralTabs"));
    m_central->setDocumentMode(true);
    m_central->addTab(m_view, tr("Canvas"));
    m_central->addTab(m_review, tr("Review"));
    setCentralWidget(m_central);
    m_status = new ProblemCount(m_document);
    statusBar()->addPermanentWidget(m_status);
    connect(m_status, &ProblemCount::firstProblemRequested, this, &MainWindow::problemActivated);
    createDocks();
    createActions();
    m_runs = new RunWorkbench(this, m_document, m_scene, m_view);
    connect(m_runs, &RunWorkbench::problemRequested, this, &MainWindow::problemActivated);
    // What the canvas's menus do to the running lab (operations/, off the UI thread).
    m_operations = new LabOperations(m_document, m_scene, this);
    connect(m_operations, &LabOperations::finished, m_runs, &RunWorkbench::reportOperation);
    QAction *snapshots = new QAction(tr("S&napshots…"), m_runs->runMenu());
    connect(snapshots, &QAction::triggered, m_operations, &LabOperations::showSnapshots);
    m_runs->runMenu()->insertAction(m_runs->runMenu()->actions().constLast(), snapshots); // before Down
    new LeftOffOffer(m_document, this); // features a drop left off, offered once the lab can hold them
    connect(m_document->undoStack(), &QUndoStack::cleanChanged, this, &MainWindow::updateTitle);
    connect(m_scene, &LabScene::message, this, [this](const QString &text) { statusBar()->showMessage(text, 5000); });
    connect(m_scene, &QGraphicsScene::selectionChanged, this, &MainWindow::selectionChanged);
    connect(m_scene, &LabScene::copyIpRequested, this, [this](const QString &ip) {
        QApplication::clipboard()->setText(ip);
        statusBar()->showMessage(tr("Copied %1").arg(ip), 3000);
    });
    connect(m_scene, &LabScene::nodeActivated, m_properties, &PropertiesPanel::showNode);
    connect(m_view, &LabView::emptyClicked, m_properties, &PropertiesPanel::showLab);
    connect(m_scene, &LabScene::linkActivated, this, [this](int index) {
        m_properties->showLink(index);
        raiseProperties();
    });
    connect(m_scene, &LabScene::networkActivated, this, [this](const QString &name) {
        // A network's fields are a row of the lab panel's network table.
        for (int k = 0; k < m_document->lab().networks.size(); ++k) {
            if (m_document->lab().networks.at(k).name == name) {
                m_properties->showField({}, QStringLiteral("/networks/%1/name").arg(k));
                raiseProperties();
            }
        }
    });
    m_recovery = new LabRecovery(m_document, this);
    // Docks move and close but do not float off by a stray drag of their tab.
    for (QDockWidget *dock : findChildren<QDockWidget *>())
        dock->setFeatures(QDockWidget::DockWidgetClosable | QDockWidget::DockWidgetMovable);
    // A first start fits the screen, title bar included; on a small one (1024x700) the docks
    // take less so that the canvas keeps most of the window.
    WindowFit::firstStart(this, QSize(1400, 900));
    QTimer::singleShot(0, this, [this] {
        const bool small = width() < 1280;
        for (const char *name : {"problemsDock", "assertionsDock", "logDock"})
            resizeDocks({findChild<QDockWidget *>(QLatin1String(name))}, {small ? 130 : 170}, Qt::Vertical);
        resizeDocks({findChild<QDockWidget *>(QStringLiteral("paletteDock"))}, {small ? 130 : 200}, Qt::Horizontal);
        resizeDocks({findChild<QDockWidget *>(QStringLiteral("propertiesDock"))}, {small ? 368 : 400}, Qt::Horizontal);
        m_defaultLayout = saveState();
        // The window as the user left it last time.
        QSettings settings;
        restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
        restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
        m_runs->fitProgressDock(); // an idle Progress dock stays narrow whatever size it was left at
        m_view->zoomToFit();
    });
    updateTitle();
    QTimer::singleShot(0, this, [this] {
        if (m_recovery->offer())
            updateTitle();
    });
}

MainWindow::~MainWindow()
{
    // The scene outlives the document among this window's children; its item removal
    // must not reach panels that read the document any more.
    m_scene->blockSignals(true);
    m_scene->clearSelection();
}

void MainWindow::createDocks()
{
    auto *palette = new PaletteList;
    auto *paletteDock = new QDockWidget(tr("Palette"), this);
    paletteDock->setObjectName(QStringLiteral("paletteDock"));
    paletteDock->setWidget(palette);
    addDockWidget(Qt::LeftDockWidgetArea, paletteDock);

    m_properties = new PropertiesPanel(m_document);
    auto *propertiesDock = new QDockWidget(tr("Properties"), this);
    propertiesDock->setObjectName(QStringLiteral("propertiesDock"));
    propertiesDock->setWidget(m_properties);
    propertiesDock->setMinimumWidth(300);
    addDockWidget(Qt::RightDockWidgetArea, propertiesDock);

    m_problems = new ProblemsList(m_document);
    connect(m_problems, &ProblemsList::problemActivated, this, &MainWindow::problemActivated);
    connect(m_problems, &ProblemsList::message, this,
            [this](const QString &text) { statusBar()->showMessage(text, 5000); });
    auto *problemsDock = new QDockWidget(tr("Problems"), this);
    problemsDock->setObjectName(QStringLiteral("problemsDock"));
    problemsDock->setWidget(m_problems);
    addDockWidget(Qt::BottomDockWidgetArea, problemsDock);
    m_status->countInTitleOf(problemsDock);

    findChild<QDockWidget *>(QStringLiteral("propertiesDock"))->raise();

    auto *minimapDock = new QDockWidget(tr("Overview"), this);
    minimapDock->setObjectName(QStringLiteral("minimapDock"));
    minimapDock->setWidget(new LabMinimap(m_view));
    addDockWidget(Qt::LeftDockWidgetArea, minimapDock);

    auto *history = new QUndoView(m_document->undoStack());
    history->setEmptyLabel(tr("<opened>"));
    auto *historyDock = new QDockWidget(tr("History"), this);
    historyDock->setObjectName(QStringLiteral("historyDock"));
    historyDock->setWidget(history);
    addDockWidget(Qt::LeftDockWidgetArea, historyDock);
}

void MainWindow::createActions()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QMenu *fromTemplate = file->addMenu(tr("&New from Template"));
    for (const QString &name : Templates::names())
        fromTemplate->addAction(name, this, [this, name] {
            if (maybeSave())
                openTemplate(name);
        });
    file->addAction(tr("New &Blank Lab"), QKeySequence::New, this, [this] {
        if (!maybeSave())
            return;
        m_document->reset(Templates::blank());
        m_path.clear();
        updateTitle();
        QTimer::singleShot(0, m_view, &LabView::zoomToFit);
    });
    file->addAction(tr("&Open…"), QKeySequence::Open, this, [this] {
        if (!maybeSave())
            return;
        const QString path =
            QFileDialog::getOpenFileName(this, tr("Open lab"), QString(), tr("labforge labs (*.lab.json *.json)"));
        if (!path.isEmpty())
            openFile(path);
    });
    m_recent = new RecentLabs(file->addMenu(tr("Open &Recent")), this);
    connect(m_recent, &RecentLabs::openRequested, this, [this](const QString &path) {
        if (maybeSave())
            openFile(path);
    });
    file->addAction(tr("&Save"), QKeySequence::Save, this, &MainWindow::save);
    // Save As, Quit and Redo take the keys of Linux desktops whatever the platform's key scheme
    // (the offscreen and Windows schemes give none for Save As and Quit): the keys the manual lists.
    file->addAction(tr("Save &As…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S), this, &MainWindow::saveAs);
    file->addSeparator();
    file->addAction(tr("&Export Diagram…"), QKeySequence(tr("Ctrl+E")), this, &MainWindow::exportImage);
    file->addAction(tr("Export Offline &Kit…"), this, [this] { KitActions::exportKit(this, m_document->lab()); })
        ->setObjectName(QStringLiteral("exportKitAction"));
    file->addAction(tr("&Import Offline Kit…"), this, [this] { KitActions::importKit(this); })
        ->setObjectName(QStringLiteral("importKitAction"));
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence(Qt::CTRL | Qt::Key_Q), this, &QWidget::close);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    QAction *undo = m_document->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction *redo = m_document->undoStack()->createRedoAction(this, tr("&Redo"));
    // Both redo keys people bring from other tools (Ctrl+Shift+Z and Ctrl+Y).
    redo->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(tr("Ctrl+Y"))});
    edit->addActions({undo, redo});
    m_properties->takeUndoActions(undo, redo);
    edit->addSeparator();
    auto *canvasEdits = new CanvasEditActions(m_document, m_scene, m_view, this);
    connect(canvasEdits, &CanvasEditActions::message, this,
            [this](const QString &text) { statusBar()->showMessage(text, 5000); });
    canvasEdits->addTo(edit);
    edit->addAction(tr("Rena&me Node"), QKeySequence(Qt::Key_F2), this, [this] {
        if (auto *table = qobject_cast<QAbstractItemView *>(QApplication::focusWidget());
            table && (table->editTriggers() & QAbstractItemView::EditKeyPressed))
            return table->edit(table->currentIndex()); // F2 is a table's own key to edit its cell
        const QStringList ids = m_scene->selectedNodeIds();
        if (ids.size() != 1)
            return;
        m_properties->showNode(ids.first());
        raiseProperties();
        if (auto *field = m_properties->nodePanel()->findChild<QLineEdit *>(QStringLiteral("nodeId"))) {
            field->setFocus(Qt::ShortcutFocusReason);
            field->selectAll();
        }
    });
    edit->addAction(tr("&Find Node"), QKeySequence::Find, this, [this] {
        m_find->setFocus(Qt::ShortcutFocusReason);
        m_find->selectAll();
    });

    QMenu *view = menuBar()->addMenu(tr("&View"));
    view->addAction(tr("Zoom &In"), QKeySequence::ZoomIn, this, [this] { m_view->zoomBy(1.2); });
    view->addAction(tr("Zoom &Out"), QKeySequence::ZoomOut, this, [this] { m_view->zoomBy(1 / 1.2); });
    view->addAction(tr("Zoom to &Fit"), QKeySequence(tr("Ctrl+0")), m_view, &LabView::zoomToFit);
    auto *groups = view->addAction(tr("Group Nodes by &Host"), m_scene, &LabScene::setHostGroupsVisible);
    groups->setObjectName(QStringLiteral("groupByHost"));
    groups->setCheckable(true);
    groups->setChecked(QSettings().value(QStringLiteral("view/groupByHost"), true).toBool());
    m_scene->setHostGroupsVisible(groups->isChecked());
    connect(groups, &QAction::toggled, this,
            [](bool on) { QSettings().setValue(QStringLiteral("view/groupByHost"), on); });
    // The two kinds of line, each a layer shown or hidden (remembered across starts).
    for (const auto &[layer, text, key] :
         {std::tuple {LabScene::Layer::Interfaces, tr("&Interface Lines"), QStringLiteral("interfaces")},
          std::tuple {LabScene::Layer::Links, tr("&Links Between Nodes"), QStringLiteral("links")}}) {
        auto *toggle = view->addAction(text);
        toggle->setObjectName(QStringLiteral("show-") + key);
        toggle->setCheckable(true);
        toggle->setChecked(QSettings().value(QStringLiteral("view/") + key, true).toBool());
        m_scene->setLayerVisible(layer, toggle->isChecked());
        connect(toggle, &QAction::toggled, this, [this, layer = layer, key = key](bool on) {
            m_scene->setLayerVisible(layer, on);
            QSettings().setValue(QStringLiteral("view/") + key, on);
        });
    }
    view->addSeparator();
    view->addAction(tr("&Canvas"), QKeySequence(tr("Ctrl+1")), this, [this] { m_central->setCurrentWidget(m_view); });
    view->addAction(tr("&Review of Generated Files"), QKeySequence(tr("Ctrl+2")), this,
                    [this] { m_central->setCurrentWidget(m_review); });
    view->addAction(tr("&Lab Properties"), QKeySequence(tr("Ctrl+Shift+P")), this, &MainWindow::showLabProperties)
        ->setObjectName(QStringLiteral("labProperties"));

    createToolBar(undo, redo);

    view->addSeparator();
    QMenu *panels = view->addMenu(tr("&Panels"));
    panels->setObjectName(QStringLiteral("panelsMenu"));
    connect(panels, &QMenu::aboutToShow, this, [this, panels] {
        panels->clear();
        for (QDockWidget *dock : findChildren<QDockWidget *>())
            panels->addAction(dock->toggleViewAction());
    });
    view->addAction(tr("&Reset Layout"), this, &MainWindow::resetLayout);
}

void MainWindow::findNode(const QString &text)
{
    m_find->find(text);
}

void MainWindow::resetLayout()
{
    restoreState(m_defaultLayout);
    for (QDockWidget *dock : findChildren<QDockWidget *>())
        dock->setVisible(true);
    findChild<QDockWidget *>(QStringLiteral("propertiesDock"))->raise();
    findChild<QDockWidget *>(QStringLiteral("problemsDock"))->raise();
}

void MainWindow::selectionChanged()
{
    QStringList ids = m_scene->selectedNodeIds();
    // A line alone stands for its node's interface: the node's panel shows it.
    const auto lines = m_scene->selectedInterfaces();
    if (ids.isEmpty() && lines.size() == 1)
        ids.append(lines.first().first);
    m_review->showNode(ids.size() == 1 ? ids.first() : QString());
    const QList<int> links = m_scene->selectedLinks();
    if (ids.size() == 1)
        m_properties->showNode(ids.first());
    else if (ids.isEmpty() && links.size() == 1)
        m_properties->showLink(links.first());
    else
        m_properties->showLab();
}

std::optional<ProblemFix::Fix> MainWindow::problemFix(int row) const
{
    return m_problems->problemFix(row);
}

bool MainWindow::fixProblem(int row)
{
    return m_problems->fixProblem(row);
}

void MainWindow::problemActivated(int row)
{
    if (row < 0 || row >= m_document->problems().size())
        return;
    const Problem p = m_document->problems().at(row);
    QWidget *field = nullptr;
    if (p.pointer.startsWith(QLatin1String("/links/"))) {
        const int index = p.pointer.section(QLatin1Char('/'), 2, 2).toInt();
        m_scene->clearSelection();
        for (LinkItem *item : m_scene->linkItems()) {
            if (item->index() == index) {
                item->setSelected(true);
                m_view->centerOn(item);
            }
        }
        m_properties->showLink(index);
    } else if (!p.nodeId.isEmpty() && m_scene->nodeItem(p.nodeId) && !p.pointer.startsWith(u"/scenarios/")) {
        m_scene->selectNode(p.nodeId);
        m_view->centerOn(m_scene->nodeItem(p.nodeId));
        field = m_properties->showField(p.nodeId, p.pointer);
    } else {
        // A lab-level problem (name, networks, plan, warnings) and a scenario step's, whichever
        // node it runs on: the lab panel, on the field the pointer names.
        m_scene->clearSelection();
        field = m_properties->showField({}, p.pointer);
    }
    raiseProperties();
    if (field)
        FieldMark::show(field, p.message, m_document);
}

NodePanel *MainWindow::nodePanel() const
{
    return m_properties->nodePanel();
}

LinkPanel *MainWindow::linkPanel() const
{
    return m_properties->linkPanel();
}

void MainWindow::showLabProperties()
{
    m_scene->clearSelection();
    raiseProperties();
    m_properties->openLab();
}

void MainWindow::raiseProperties()
{
    findChild<QDockWidget *>(QStringLiteral("propertiesDock"))->raise();
}

void MainWindow::updateTitle()
{
    const QString name = m_path.isEmpty() ? m_document->lab().name : QFileInfo(m_path).fileName();
    setWindowModified(!m_document->undoStack()->isClean());
    setWindowTitle(tr("%1[*] — labforge").arg(name));
}

AssertionListModel *MainWindow::assertions() const
{
    return m_runs->assertions();
}

AssertionsDock *MainWindow::assertionsDock() const
{
    return m_runs->assertionsDock();
}

RunProgressPanel *MainWindow::progressPanel() const
{
    return m_runs->progressPanel();
}

const RunProgress &MainWindow::runProgress() const
{
    return m_runs->progress();
}

void MainWindow::handleRunEvent(const RunEvent &event)
{
    m_runs->handleRunEvent(event);
}

void MainWindow::createToolBar(QAction *undo, QAction *redo)
{
    QToolBar *tools = addToolBar(tr("Tools"));
    tools->setObjectName(QStringLiteral("tools"));
    auto *select = tools->addAction(tr("Select"), this, [this] { m_scene->setTool(LabScene::Tool::Select); });
    select->setShortcut(QKeySequence(tr("V")));
    select->setCheckable(true);
    select->setChecked(true);
    auto *link = tools->addAction(tr("Link"), this, [this] { m_scene->setTool(LabScene::Tool::Link); });
    link->setShortcut(QKeySequence(tr("L")));
    link->setCheckable(true);
    connect(m_scene, &LabScene::toolChanged, this, [select, link](LabScene::Tool t) {
        select->setChecked(t == LabScene::Tool::Select);
        link->setChecked(t == LabScene::Tool::Link);
    });
    tools->addSeparator();
    // The toolbar's Undo and Redo keep their short names (what they undo is in their tooltips):
    // a long command name would shift every tool after them.
    for (QAction *full : {undo, redo}) {
        QAction *shortAction = tools->addAction(full == undo ? tr("Undo") : tr("Redo"), full, &QAction::trigger);
        shortAction->setObjectName(full == undo ? QStringLiteral("toolUndo") : QStringLiteral("toolRedo"));
        shortAction->setEnabled(full->isEnabled());
        connect(full, &QAction::changed, shortAction, [full, shortAction] {
            shortAction->setEnabled(full->isEnabled());
            shortAction->setToolTip(full->text().remove(u'&'));
        });
    }
    tools->addAction(tr("Fit"), m_view, &LabView::zoomToFit);
    tools->addSeparator();
    m_find = new NodeFinder(m_document, m_scene, m_view);
    connect(m_find, &NodeFinder::message, this, [this](const QString &text) { statusBar()->showMessage(text, 5000); });
    tools->addWidget(m_find);
}

bool MainWindow::openReport(const QString &directory)
{
    return m_runs->openReport(directory);
}

bool MainWindow::openFile(const QString &path)
{
    const auto result = LabReader::readFile(path);
    if (!result.ok()) {
        QStringList lines;
        for (const LoadError &e : result.errors)
            lines.append(e.toString(path));
        PlainText::warning(this, tr("Cannot open lab"), lines.mid(0, 20).join(QLatin1Char('\n')));
        return false;
    }
    m_document->reset(*result.lab);
    m_path = path;
    m_recent->add(path);
    updateTitle();
    if (!result.notices.isEmpty()) {
        // An older format, converted: say so, and what did not carry over.
        QStringList lines;
        for (const LoadError &n : result.notices)
            lines.append(n.toString(QFileInfo(path).fileName()));
        statusBar()->showMessage(tr("Converted from an older lab format; saving writes the current one. %n note(s) "
                                    "in the Log.",
                                    nullptr, int(lines.size())),
                                 15000);
        m_runs->appendLog(lines);
    }
    QTimer::singleShot(0, m_view, &LabView::zoomToFit);
    return true;
}

void MainWindow::openTemplate(const QString &name)
{
    const auto result = Templates::load(name);
    if (!result.ok())
        return;
    m_document->reset(*result.lab);
    m_path.clear();
    updateTitle();
    QTimer::singleShot(0, m_view, &LabView::zoomToFit);
}

bool MainWindow::saveTo(const QString &path)
{
    QString error;
    if (!LabWriter::save(m_document->lab(), path, &error)) {
        QMessageBox::warning(this, tr("Cannot save"), error);
        return false;
    }
    m_path = path;
    m_document->undoStack()->setClean();
    m_recovery->discard();
    m_recent->add(path);
    updateTitle();
    statusBar()->showMessage(tr("Saved %1").arg(path), 4000);
    return true;
}

bool MainWindow::save()
{
    return m_path.isEmpty() ? saveAs() : saveTo(m_path);
}

bool MainWindow::saveAs()
{
    QString path = QFileDialog::getSaveFileName(
        this, tr("Save lab"), m_document->lab().name + QStringLiteral(".lab.json"), tr("labforge labs (*.lab.json)"));
    if (path.isEmpty())
        return false;
    if (!path.endsWith(QLatin1String(".json")))
        path += QStringLiteral(".lab.json");
    return saveTo(path);
}

void MainWindow::exportImage()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export diagram"), m_document->lab().name + QStringLiteral(".png"), tr("Images (*.png *.svg)"));
    if (path.isEmpty())
        return;
    QString error;
    OutputFile out(path); // drawn beside the file, renamed over it when whole
    if (!out.prepare(&error) || !DiagramExporter::exportTo(m_scene, out.temporaryPath(), &error) || !out.commit(&error))
        QMessageBox::warning(this, tr("Cannot export"), out.aboutTarget(error));
}

bool MainWindow::maybeSave()
{
    if (m_document->undoStack()->isClean())
        return true;
    const auto answer = UnsavedChangesQuestion::ask(this);
    if (answer == QMessageBox::Save)
        return save();
    if (answer == QMessageBox::Discard)
        m_recovery->discard(); // given up: no later start offers it back
    return answer == QMessageBox::Discard;
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (m_runs->isRunning()) {
        // Closing waits for the run to stop and clean up; say so and let the user choose.
        if (!m_runs->confirmCancel()) {
            event->ignore();
            return;
        }
    }
    if (maybeSave()) {
        m_recovery->discard();
        QSettings settings;
        settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
        settings.setValue(QStringLiteral("window/state"), saveState());
        event->accept();
    } else {
        event->ignore();
    }
}

QString MainWindow::recoveryPath()
{
    return LabRecovery::path();
}

} // namespace Labforge
