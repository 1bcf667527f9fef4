// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "MainWindow.h"

#include "AssertionListModel.h"
#include "AssertionsDock.h"
#include "Catalog.h"
#include "DiagramExporter.h"
#include "EditLabCommand.h"
#include "FieldMark.h"
#include "KitActions.h"
#include "LabDocument.h"
#include "LabMinimap.h"
#include "LabOperations.h"
#include "LabPanel.h"
#include "LabReader.h"
#include "LabScene.h"
#include "LabView.h"
#include "LabWriter.h"
#include "LeftOffOffer.h"
#include "LinkEdits.h"
#include "LinkItem.h"
#include "LinkPanel.h"
#include "NodeItem.h"
#include "NodePanel.h"
#include "PinsLock.h"
#include "PlainText.h"
#include "ReviewPanel.h"
#include "RoleStyle.h"
#include "RunProgressPanel.h"
#include "RunWorkbench.h"
#include "RunnerPaths.h"
#include "Templates.h"
#include "WheelGuard.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QCompleter>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QStatusBar>
#include <QStringListModel>
#include <QTabWidget>
#include <QTimer>
#include <QToolBar>
#include <QTreeWidget>
#include <QUndoView>

namespace Labforge {

namespace {

// The palette: drags a role onto the canvas.
class PaletteList : public QListWidget
{
public:
    PaletteList()
    {
        setDragEnabled(true);
        setObjectName(QStringLiteral("palette"));
        for (const QString &role : Catalog::roles()) {
            auto *item = new QListWidgetItem(role);
            item->setData(Qt::UserRole, role);
            item->setToolTip(Catalog::roleSummary(role));
            QPixmap swatch(14, 14);
            swatch.fill(RoleStyle::colour(role));
            item->setIcon(QIcon(swatch));
            addItem(item);
        }
        // Every role in view, without a scroll bar, however small the window.
        setMinimumHeight(sizeHintForRow(0) * count() + 2 * frameWidth() + 2);
    }

protected:
    QMimeData *mimeData(const QList<QListWidgetItem *> &items) const override
    {
        auto *data = new QMimeData;
        if (!items.isEmpty())
            data->setData(QString::fromLatin1(LabScene::RoleMimeType),
                          items.first()->data(Qt::UserRole).toString().toUtf8());
        return data;
    }
};

} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_document(new LabDocument(this))
{
    m_document->setValidationContext(PinsLock::builtIn().validationContext());
    m_document->reset(Templates::blank()); // until a lab is opened (or when opening one fails)
    m_scene = new LabScene(m_document, this);
    m_view = new LabView(m_scene);
    // The canvas and the review of generated files share the middle of the window: code is
    // read at full width, beside nothing but the docks.
    m_review = new ReviewPanel(m_document);
    m_central = new QTabWidget;
    m_central->setObjectName(QStringLiteral("centralTabs"));
    m_central->setDocumentMode(true);
    m_central->addTab(m_view, tr("Canvas"));
    m_central->addTab(m_review, tr("Review"));
    setCentralWidget(m_central);
    m_status = new QLabel;
    statusBar()->addPermanentWidget(m_status);
    createDocks();
    createActions();
    m_runs = new RunWorkbench(this, m_document, m_scene, m_view);
    // What the canvas's menus do to the running lab (labforge node / link, off the UI thread).
    m_operations = new LabOperations(m_document, m_scene, this);
    connect(m_operations, &LabOperations::finished, m_runs, &RunWorkbench::reportOperation);
    // Beside Runs…, before Down.
    QAction *snapshots = new QAction(tr("S&napshots…"), m_runs->runMenu());
    connect(snapshots, &QAction::triggered, m_operations, &LabOperations::showSnapshots);
    m_runs->runMenu()->insertAction(m_runs->runMenu()->actions().constLast(), snapshots);
    new LeftOffOffer(m_document, this); // features a drop left off, offered once the lab can hold them
    connect(m_document->undoStack(), &QUndoStack::cleanChanged, this, &MainWindow::updateTitle);
    connect(m_document, &LabDocument::problemsChanged, this, &MainWindow::refreshProblems);
    connect(m_scene, &LabScene::message, this, [this](const QString &text) { statusBar()->showMessage(text, 5000); });
    connect(m_scene, &QGraphicsScene::selectionChanged, this, &MainWindow::selectionChanged);
    connect(m_scene, &LabScene::copyIpRequested, this, [this](const QString &ip) {
        QApplication::clipboard()->setText(ip);
        statusBar()->showMessage(tr("Copied %1").arg(ip), 3000);
    });
    connect(m_scene, &LabScene::nodeActivated, this, [this](const QString &id) {
        m_nodePanel->showNode(id);
        m_properties->setCurrentIndex(1);
    });
    connect(m_scene, &LabScene::linkActivated, this, [this](int index) {
        m_linkPanel->showLink(index);
        m_properties->setCurrentIndex(2);
        findChild<QDockWidget *>(QStringLiteral("propertiesDock"))->raise();
    });
    connect(m_scene, &LabScene::networkActivated, this, [this](const QString &name) {
        // A network's fields are a row of the lab panel's network table.
        for (int k = 0; k < m_document->lab().networks.size(); ++k) {
            if (m_document->lab().networks.at(k).name != name)
                continue;
            m_properties->setCurrentIndex(0);
            findChild<QDockWidget *>(QStringLiteral("propertiesDock"))->raise();
            if (QWidget *field = m_labPanel->focusPointer(QStringLiteral("/networks/%1/name").arg(k))) {
                if (auto *scroll = qobject_cast<QScrollArea *>(m_properties->currentWidget()))
                    scroll->ensureWidgetVisible(field);
            }
        }
    });
    m_autosave = new QTimer(this);
    m_autosave->setInterval(30000);
    connect(m_autosave, &QTimer::timeout, this, &MainWindow::autosave);
    m_autosave->start();
    // Docks move and close but do not float off by a stray drag of their tab.
    for (QDockWidget *dock : findChildren<QDockWidget *>())
        dock->setFeatures(QDockWidget::DockWidgetClosable | QDockWidget::DockWidgetMovable);
    // A first start fits the screen; on a small one (1024x700) the docks take less so that
    // the canvas keeps most of the window.
    const QRect available = screen() ? screen()->availableGeometry() : QRect(0, 0, 1400, 900);
    resize(std::min(1400, available.width()), std::min(900, available.height()));
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
        m_view->zoomToFit();
    });
    updateTitle();
    QTimer::singleShot(0, this, &MainWindow::offerRecovery);
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
    m_palette = new PaletteList;
    auto *paletteDock = new QDockWidget(tr("Palette"), this);
    paletteDock->setObjectName(QStringLiteral("paletteDock"));
    paletteDock->setWidget(m_palette);
    addDockWidget(Qt::LeftDockWidgetArea, paletteDock);

    m_nodePanel = new NodePanel(m_document);
    m_labPanel = new LabPanel(m_document);
    m_linkPanel = new LinkPanel(m_document);
    connect(m_linkPanel, &LinkPanel::deleteRequested, this, [this](int index) {
        const Lab &lab = m_document->lab();
        if (index < 0 || index >= lab.links.size())
            return;
        m_document->undoStack()->push(
            new EditLabCommand(m_document, lab, LinkEdits::withoutLinks(lab, {index}),
                               tr("Delete link %1 – %2").arg(lab.links.at(index).from, lab.links.at(index).to)));
        m_properties->setCurrentIndex(0);
    });
    m_properties = new QStackedWidget;
    for (QWidget *panel : {static_cast<QWidget *>(m_labPanel), static_cast<QWidget *>(m_nodePanel),
                           static_cast<QWidget *>(m_linkPanel)}) {
        auto *scroll = new QScrollArea;
        scroll->setWidget(panel);
        scroll->setWidgetResizable(true);
        m_properties->addWidget(scroll);
    }
    WheelGuard::install(m_properties);
    auto *propertiesDock = new QDockWidget(tr("Properties"), this);
    propertiesDock->setObjectName(QStringLiteral("propertiesDock"));
    propertiesDock->setWidget(m_properties);
    propertiesDock->setMinimumWidth(300);
    addDockWidget(Qt::RightDockWidgetArea, propertiesDock);

    m_problems = new QTreeWidget;
    m_problems->setObjectName(QStringLiteral("problems"));
    m_problems->setHeaderLabels({tr("Severity"), tr("Rule"), tr("Where"), tr("Problem")});
    m_problems->setRootIsDecorated(false);
    m_problems->header()->setStretchLastSection(true);
    // Severity, rule and place are read whole; the message takes what is left.
    for (int column : {0, 1, 2})
        m_problems->header()->setSectionResizeMode(column, QHeaderView::ResizeToContents);
    connect(m_problems, &QTreeWidget::itemActivated, this,
            [this](QTreeWidgetItem *item) { problemActivated(m_problems->indexOfTopLevelItem(item)); });
    connect(m_problems, &QTreeWidget::itemClicked, this,
            [this](QTreeWidgetItem *item) { problemActivated(m_problems->indexOfTopLevelItem(item)); });
    // A problem with an obvious remedy offers it (one undo step).
    m_problems->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_problems, &QWidget::customContextMenuRequested, this, [this](const QPoint &at) {
        const int row = m_problems->indexOfTopLevelItem(m_problems->itemAt(at));
        if (row < 0)
            return;
        QMenu menu;
        menu.addAction(tr("Go to the Field"), this, [this, row] { problemActivated(row); });
        if (const auto fix = problemFix(row))
            menu.addAction(tr("Fix: %1").arg(fix->label), this, [this, row] { fixProblem(row); });
        menu.exec(m_problems->viewport()->mapToGlobal(at));
    });
    auto *problemsDock = new QDockWidget(tr("Problems"), this);
    problemsDock->setObjectName(QStringLiteral("problemsDock"));
    problemsDock->setWidget(m_problems);
    addDockWidget(Qt::BottomDockWidgetArea, problemsDock);

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
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    rebuildRecentMenu();
    file->addAction(tr("&Save"), QKeySequence::Save, this, &MainWindow::save);
    file->addAction(tr("Save &As…"), QKeySequence::SaveAs, this, &MainWindow::saveAs);
    file->addSeparator();
    file->addAction(tr("&Export Diagram…"), QKeySequence(tr("Ctrl+E")), this, &MainWindow::exportImage);
    file->addAction(tr("Export Offline &Kit…"), this, [this] { KitActions::exportKit(this, m_document->lab()); })
        ->setObjectName(QStringLiteral("exportKitAction"));
    file->addAction(tr("&Import Offline Kit…"), this, [this] { KitActions::importKit(this); })
        ->setObjectName(QStringLiteral("importKitAction"));
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    QAction *undo = m_document->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction *redo = m_document->undoStack()->createRedoAction(this, tr("&Redo"));
    // Both redo keys people bring from other tools (Ctrl+Shift+Z and Ctrl+Y).
    QList<QKeySequence> redoKeys = QKeySequence::keyBindings(QKeySequence::Redo);
    if (!redoKeys.contains(QKeySequence(tr("Ctrl+Y"))))
        redoKeys.append(QKeySequence(tr("Ctrl+Y")));
    redo->setShortcuts(redoKeys);
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    // Canvas actions act on the canvas only: their keys (Delete, Ctrl+C, …) keep their
    // meaning in a table or text field elsewhere in the window.
    QList<QAction *> canvasActions;
    canvasActions << edit->addAction(tr("&Delete"), QKeySequence::Delete, m_scene, &LabScene::deleteSelection);
    canvasActions << edit->addAction(tr("D&uplicate"), QKeySequence(tr("Ctrl+D")), m_scene,
                                     &LabScene::duplicateSelection);
    canvasActions << edit->addAction(tr("&Copy"), QKeySequence::Copy, this, [this] {
        auto *data = new QMimeData;
        data->setData(QStringLiteral("application/x-labforge-nodes"), m_scene->copySelection());
        data->setText(QString::fromUtf8(m_scene->copySelection()));
        QApplication::clipboard()->setMimeData(data);
    });
    canvasActions << edit->addAction(tr("&Paste"), QKeySequence::Paste, this, [this] {
        const QMimeData *data = QApplication::clipboard()->mimeData();
        if (data)
            m_scene->paste(data->hasFormat(QStringLiteral("application/x-labforge-nodes"))
                               ? data->data(QStringLiteral("application/x-labforge-nodes"))
                               : data->text().toUtf8());
    });
    canvasActions << edit->addAction(tr("Copy &IP Address"), QKeySequence(tr("Ctrl+Shift+C")), this, [this] {
        const QStringList ids = m_scene->selectedNodeIds();
        if (!ids.isEmpty())
            QApplication::clipboard()->setText(m_document->lab().node(ids.first())->ip());
    });
    canvasActions << edit->addAction(tr("Select &All"), QKeySequence::SelectAll, this, [this] {
        for (QGraphicsItem *item : m_scene->items())
            item->setSelected(true);
    });
    for (QAction *action : std::as_const(canvasActions)) {
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        m_view->addAction(action);
    }
    edit->addSeparator();
    // Keyboard paths for what the mouse does on the canvas.
    QMenu *addNode = edit->addMenu(tr("Add &Node"));
    addNode->setObjectName(QStringLiteral("addNodeMenu"));
    for (const QString &role : Catalog::roles())
        addNode->addAction(role, this, [this, role] { addNodeAtCentre(role); });
    edit->addAction(tr("Add Node of Role…"), QKeySequence(tr("Ctrl+Shift+N")), this, [this] {
        bool ok = false;
        const QString role = QInputDialog::getItem(this, tr("Add node"), tr("Role"), Catalog::roles(), 0, false, &ok);
        if (ok)
            addNodeAtCentre(role);
    });
    edit->addAction(tr("Add &Network"), QKeySequence(tr("Ctrl+Alt+N")), this, [this] {
        const QPointF centre = m_view->mapToScene(m_view->viewport()->rect().center());
        m_scene->addNetwork(centre);
    });
    edit->addAction(tr("&Link Selection"), QKeySequence(tr("Ctrl+Shift+L")), this, [this] {
        // Nodes and one network: each node gets an interface on it; two nodes: a link between
        // them (the first joining a network of the second when they share none).
        const QStringList ids = m_scene->selectedNodeIds();
        const QStringList networks = m_scene->selectedNetworks();
        if (networks.size() == 1 && !ids.isEmpty()) {
            m_document->undoStack()->beginMacro(tr("Attach to %1").arg(networks.first()));
            for (const QString &id : ids)
                m_scene->addLink(id, networks.first());
            m_document->undoStack()->endMacro();
        } else if (networks.isEmpty() && ids.size() == 2) {
            m_scene->addLink(ids.at(0), ids.at(1));
        } else {
            statusBar()->showMessage(tr("Select nodes and one network, or two nodes, to link them."), 5000);
        }
    });
    edit->addAction(tr("&Rename Node"), QKeySequence(Qt::Key_F2), this, [this] {
        const QStringList ids = m_scene->selectedNodeIds();
        if (ids.size() != 1)
            return;
        m_nodePanel->showNode(ids.first());
        m_properties->setCurrentIndex(1);
        findChild<QDockWidget *>(QStringLiteral("propertiesDock"))->raise();
        if (auto *field = m_nodePanel->findChild<QLineEdit *>(QStringLiteral("nodeId"))) {
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

void MainWindow::addNodeAtCentre(const QString &role)
{
    const QSizeF s = Catalog::nodeSize();
    const QPointF centre = m_view->mapToScene(m_view->viewport()->rect().center());
    m_scene->addNodeOfRole(role, centre - QPointF(s.width() / 2, s.height() / 2));
}

void MainWindow::findNode(const QString &text)
{
    const QString wanted = text.trimmed();
    if (wanted.isEmpty())
        return;
    QString found;
    for (const Node &n : m_document->lab().nodes) {
        if (n.id == wanted || n.ip() == wanted) {
            found = n.id;
            break;
        }
        if (found.isEmpty() && n.id.contains(wanted, Qt::CaseInsensitive))
            found = n.id;
    }
    if (found.isEmpty()) {
        statusBar()->showMessage(tr("No node matches \"%1\".").arg(wanted), 5000);
        return;
    }
    m_scene->selectNode(found);
    if (QGraphicsItem *item = m_scene->nodeItem(found))
        m_view->centerOn(item);
    m_view->setFocus(Qt::OtherFocusReason);
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
    if (ids.size() == 1) {
        m_nodePanel->showNode(ids.first());
        m_properties->setCurrentIndex(1);
    } else if (ids.isEmpty() && links.size() == 1) {
        m_linkPanel->showLink(links.first());
        m_properties->setCurrentIndex(2);
    } else {
        m_properties->setCurrentIndex(0);
    }
}

void MainWindow::refreshProblems()
{
    m_problems->clear();
    int errors = 0;
    for (const Problem &p : m_document->problems()) {
        errors += p.isError();
        auto *item = new QTreeWidgetItem(
            {p.isError() ? tr("error") : tr("warning"), p.rule, p.nodeId.isEmpty() ? p.pointer : p.nodeId, p.message});
        item->setForeground(0, p.isError() ? QColor(0xc6, 0x28, 0x28) : QColor(0xef, 0x6c, 0x00));
        item->setToolTip(3, PlainText::toolTip(p.message));
        item->setToolTip(2, PlainText::toolTip(p.pointer));
        item->setData(2, Qt::UserRole, p.pointer);
        m_problems->addTopLevelItem(item);
    }
    const int count = int(m_document->problems().size());
    m_status->setText(count == 0 ? tr("Valid") : tr("%1 error(s), %2 warning(s)").arg(errors).arg(count - errors));
}

std::optional<ProblemFix::Fix> MainWindow::problemFix(int row) const
{
    if (row < 0 || row >= m_document->problems().size())
        return std::nullopt;
    return ProblemFix::of(m_document->lab(), m_document->problems().at(row), m_document->validationContext());
}

bool MainWindow::fixProblem(int row)
{
    const auto fix = problemFix(row);
    if (!fix)
        return false;
    m_document->undoStack()->push(new EditLabCommand(m_document, m_document->lab(), fix->lab, fix->label));
    statusBar()->showMessage(fix->label, 5000);
    return true;
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
        m_linkPanel->showLink(index);
        m_properties->setCurrentIndex(2);
    } else if (!p.nodeId.isEmpty() && m_scene->nodeItem(p.nodeId)) {
        m_scene->selectNode(p.nodeId);
        m_view->centerOn(m_scene->nodeItem(p.nodeId));
        m_nodePanel->showNode(p.nodeId);
        m_properties->setCurrentIndex(1);
        field = m_nodePanel->focusPointer(p.pointer);
    } else {
        // A lab-level problem (name, networks, plan, scenario steps, warnings): the lab panel.
        m_scene->clearSelection();
        m_properties->setCurrentIndex(0);
        field = m_labPanel->focusPointer(p.pointer);
    }
    findChild<QDockWidget *>(QStringLiteral("propertiesDock"))->raise();
    if (field) {
        if (auto *scroll = qobject_cast<QScrollArea *>(m_properties->currentWidget()))
            scroll->ensureWidgetVisible(field);
        FieldMark::show(field, p.message, m_document);
    }
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
    m_find = new QLineEdit;
    m_find->setObjectName(QStringLiteral("findNode"));
    m_find->setPlaceholderText(tr("Find node (Ctrl+F)"));
    m_find->setClearButtonEnabled(true);
    m_find->setMaximumWidth(220);
    auto *ids = new QStringListModel(this);
    connect(m_document, &LabDocument::problemsChanged, ids, [this, ids] {
        QStringList names;
        for (const Node &n : m_document->lab().nodes)
            names.append(n.id);
        if (names != ids->stringList())
            ids->setStringList(names);
    });
    auto *completer = new QCompleter(ids, this);
    completer->setCaseSensitivity(Qt::CaseInsensitive);
    completer->setFilterMode(Qt::MatchContains);
    m_find->setCompleter(completer);
    tools->addWidget(m_find);
    connect(m_find, &QLineEdit::returnPressed, this, [this] { findNode(m_find->text()); });
    connect(completer, qOverload<const QString &>(&QCompleter::activated), this, &MainWindow::findNode);
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
    addRecent(path);
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
    QFile::remove(recoveryPath());
    addRecent(path);
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
    if (!DiagramExporter::exportTo(m_scene, path, &error))
        QMessageBox::warning(this, tr("Cannot export"), error);
}

bool MainWindow::maybeSave()
{
    if (m_document->undoStack()->isClean())
        return true;
    const auto answer = QMessageBox::warning(this, tr("Unsaved changes"), tr("The lab has unsaved changes. Save them?"),
                                             QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Save)
        return save();
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
        QFile::remove(recoveryPath());
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
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    QDir().mkpath(dir);
    return dir + QStringLiteral("/recovery.lab.json");
}

void MainWindow::autosave()
{
    if (m_document->undoStack()->isClean())
        return;
    QString error;
    LabWriter::save(m_document->lab(), recoveryPath(),
                    &error); // atomic; the previous recovery copy survives a crash mid-write
}

void MainWindow::offerRecovery()
{
    if (!QFile::exists(recoveryPath()))
        return;
    const auto result = LabReader::readFile(recoveryPath());
    if (!result.ok())
        return;
    const auto answer =
        QMessageBox::question(this, tr("Recover unsaved work?"),
                              tr("labforge found unsaved changes to lab \"%1\" from %2. Recover them?")
                                  .arg(result.lab->name, QFileInfo(recoveryPath()).lastModified().toString()));
    if (answer == QMessageBox::Yes) {
        m_document->reset(*result.lab);
        m_document->undoStack()->resetClean(); // recovered work is unsaved
        updateTitle();
    } else {
        QFile::remove(recoveryPath());
    }
}

void MainWindow::addRecent(const QString &path)
{
    QSettings settings;
    QStringList recent = settings.value(QStringLiteral("recentFiles")).toStringList();
    recent.removeAll(QFileInfo(path).absoluteFilePath());
    recent.prepend(QFileInfo(path).absoluteFilePath());
    settings.setValue(QStringLiteral("recentFiles"), recent.mid(0, 10));
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu()
{
    if (!m_recentMenu)
        return;
    m_recentMenu->clear();
    const QStringList recent = QSettings().value(QStringLiteral("recentFiles")).toStringList();
    for (const QString &path : recent)
        m_recentMenu->addAction(path, this, [this, path] {
            if (maybeSave())
                openFile(path);
        });
    m_recentMenu->setEnabled(!recent.isEmpty());
}

} // namespace Labforge
