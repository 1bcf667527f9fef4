// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "CanvasEditActions.h"

#include "Catalog.h"
#include "EditLabCommand.h"
#include "LabDocument.h"
#include "LabScene.h"
#include "LabView.h"
#include "LeftOffOffer.h"
#include "MembershipRules.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QGraphicsItem>
#include <QLabel>
#include <QMenu>
#include <QMimeData>
#include <QUndoStack>
#include <QVBoxLayout>

namespace Labforge {

namespace {
const QString NodesMimeType = QStringLiteral("application/x-labforge-nodes");
}

CanvasEditActions::CanvasEditActions(LabDocument *document, LabScene *scene, LabView *view, QObject *parent)
    : QObject(parent)
    , m_document(document)
    , m_scene(scene)
    , m_view(view)
{ }

void CanvasEditActions::addTo(QMenu *edit)
{
    addClipboardActions(edit);
    edit->addSeparator();
    // Keyboard paths for what the mouse does on the canvas.
    QMenu *addNode = edit->addMenu(tr("Add &Node"));
    addNode->setObjectName(QStringLiteral("addNodeMenu"));
    for (const QString &role : Catalog::roles())
        addNode->addAction(role, this, [this, role] { addNodeAtCentre(role); });
    edit->addAction(tr("Add Node of Role…"), QKeySequence(tr("Ctrl+Shift+N")), this, [this] {
        // Wide enough for its title (and the window manager's " — labforge" after it) to show whole.
        QDialog dialog(m_view->window());
        dialog.setObjectName(QStringLiteral("addNodeOfRole"));
        dialog.setWindowTitle(tr("Add Node of Role"));
        auto *roles = new QComboBox;
        roles->addItems(Catalog::roles());
        auto *label = new QLabel(tr("&Role of the new node:"));
        label->setBuddy(roles);
        auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
        connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
        connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
        auto *layout = new QVBoxLayout(&dialog);
        layout->addWidget(label);
        layout->addWidget(roles);
        layout->addWidget(buttons);
        const QString shown = dialog.windowTitle() + QStringLiteral(" — ") + QGuiApplication::applicationDisplayName();
        dialog.setMinimumWidth(dialog.fontMetrics().horizontalAdvance(shown) + 160);
        if (dialog.exec() == QDialog::Accepted)
            addNodeAtCentre(roles->currentText());
    });
    edit->addAction(tr("Add Net&work"), QKeySequence(tr("Ctrl+Alt+N")), this, [this] {
        const QPointF centre = m_view->mapToScene(m_view->viewport()->rect().center());
        m_scene->addNetwork(centre);
    });
    edit->addAction(tr("&Link Selection"), QKeySequence(tr("Ctrl+Shift+L")), this, &CanvasEditActions::linkSelection);
    edit->addSeparator();
    QAction *turnOn = edit->addAction(tr("&Turn On Left-Off Features"), this, &CanvasEditActions::turnOnLeftOff);
    turnOn->setObjectName(QStringLiteral("turnOnLeftOffAction"));
    // Enabled while the lab has a node outside a cluster its shape puts it in (feature.left-off).
    const auto refresh = [this, turnOn] {
        turnOn->setEnabled(!MembershipRules::leftOff(m_document->lab()).isEmpty());
    };
    connect(m_document, &LabDocument::labChanged, turnOn, refresh);
    refresh();
}

void CanvasEditActions::turnOnLeftOff()
{
    // The status bar's button does the same (one answer: LeftOffFeatures).
    const QString said = LeftOffOffer::turnOn(m_document, m_view->window());
    if (!said.isEmpty())
        Q_EMIT message(said);
}

void CanvasEditActions::addClipboardActions(QMenu *edit)
{
    // Canvas actions act on the canvas only: their keys (Delete, Ctrl+C, …) keep their
    // meaning in a table or text field elsewhere in the window.
    QList<QAction *> canvasActions;
    canvasActions << edit->addAction(tr("&Delete"), QKeySequence::Delete, m_scene, &LabScene::deleteSelection);
    canvasActions << edit->addAction(tr("Duplicat&e"), QKeySequence(tr("Ctrl+D")), m_scene,
                                     &LabScene::duplicateSelection);
    canvasActions << edit->addAction(tr("&Copy"), QKeySequence::Copy, this, [this] {
        auto *data = new QMimeData;
        data->setData(NodesMimeType, m_scene->copySelection());
        data->setText(QString::fromUtf8(m_scene->copySelection()));
        QApplication::clipboard()->setMimeData(data);
    });
    canvasActions << edit->addAction(tr("&Paste"), QKeySequence::Paste, this, [this] {
        const QMimeData *data = QApplication::clipboard()->mimeData();
        if (data)
            m_scene->paste(data->hasFormat(NodesMimeType) ? data->data(NodesMimeType) : data->text().toUtf8());
    });
    canvasActions << edit->addAction(tr("Paste &Keeping Recipe"), QKeySequence(tr("Ctrl+Shift+V")), this, [this] {
        const QMimeData *data = QApplication::clipboard()->mimeData();
        if (data)
            m_scene->paste(data->hasFormat(NodesMimeType) ? data->data(NodesMimeType) : data->text().toUtf8(),
                           NodeJoin::Recipe::Own);
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
}

void CanvasEditActions::linkSelection()
{
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
        Q_EMIT message(tr("Select nodes and one network, or two nodes, to link them."));
    }
}

void CanvasEditActions::addNodeAtCentre(const QString &role)
{
    const QSizeF s = Catalog::nodeSize();
    const QPointF centre = m_view->mapToScene(m_view->viewport()->rect().center());
    m_scene->addNodeOfRole(role, centre - QPointF(s.width() / 2, s.height() / 2));
}

} // namespace Labforge
