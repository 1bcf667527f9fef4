// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "PropertiesPanel.h"

#include "EditLabCommand.h"
#include "FieldUndo.h"
#include "LabDocument.h"
#include "LabPanel.h"
#include "LinkEdits.h"
#include "LinkPanel.h"
#include "NodePanel.h"
#include "WheelGuard.h"

#include <QScrollArea>
#include <QScrollBar>

namespace Labforge {

PropertiesPanel::PropertiesPanel(LabDocument *document, QWidget *parent)
    : QStackedWidget(parent)
    , m_document(document)
    , m_lab(new LabPanel(document))
    , m_node(new NodePanel(document))
    , m_link(new LinkPanel(document))
{
    connect(m_link, &LinkPanel::deleteRequested, this, [this](int index) {
        const Lab &lab = m_document->lab();
        if (index < 0 || index >= lab.links.size())
            return;
        m_document->undoStack()->push(
            new EditLabCommand(m_document, lab, LinkEdits::withoutLinks(lab, {index}),
                               tr("Delete link %1 – %2").arg(lab.links.at(index).from, lab.links.at(index).to)));
        showLab();
    });
    for (QWidget *panel :
         {static_cast<QWidget *>(m_lab), static_cast<QWidget *>(m_node), static_cast<QWidget *>(m_link)}) {
        auto *scroll = new QScrollArea;
        scroll->setWidget(panel);
        scroll->setWidgetResizable(true);
        addWidget(scroll);
    }
    WheelGuard::install(this);
    m_fieldUndo = FieldUndo::install(this, document->undoStack());
    // Another lab: every page and table starts at its top left, as the new lab's fields do.
    connect(document, &LabDocument::labReset, this,
            [this] { QMetaObject::invokeMethod(this, &PropertiesPanel::scrollAllHome, Qt::QueuedConnection); });
}

void PropertiesPanel::scrollAllHome()
{
    for (QAbstractScrollArea *area : findChildren<QAbstractScrollArea *>()) {
        area->horizontalScrollBar()->setValue(0);
        area->verticalScrollBar()->setValue(0);
    }
}

void PropertiesPanel::takeUndoActions(QAction *undo, QAction *redo)
{
    m_fieldUndo->takeActions(undo, redo);
}

void PropertiesPanel::showLab()
{
    setCurrentIndex(0);
}

void PropertiesPanel::openLab()
{
    showLab();
    scrollToTop();
    for (QWidget *w = m_lab->nextInFocusChain(); w && w != m_lab && m_lab->isAncestorOf(w); w = w->nextInFocusChain()) {
        if ((w->focusPolicy() & Qt::TabFocus) && w->isEnabled() && w->isVisibleTo(m_lab)) {
            w->setFocus(Qt::ShortcutFocusReason);
            break;
        }
    }
}

void PropertiesPanel::showNode(const QString &id)
{
    // Another node's fields start at the top: a scroll position kept from the last node would
    // put a different field under the pointer than the one the user aimed at.
    const bool other = currentIndex() != 1 || m_node->nodeId() != id;
    m_node->showNode(id);
    setCurrentIndex(1);
    if (other)
        scrollToTop();
}

void PropertiesPanel::showLink(int index)
{
    m_link->showLink(index);
    setCurrentIndex(2);
    scrollToTop();
}

void PropertiesPanel::scrollToTop()
{
    if (auto *scroll = qobject_cast<QScrollArea *>(currentWidget()))
        scroll->verticalScrollBar()->setValue(0);
}

QWidget *PropertiesPanel::showField(const QString &nodeId, const QString &pointer)
{
    QWidget *field = nullptr;
    if (!nodeId.isEmpty()) {
        showNode(nodeId);
        field = m_node->focusPointer(pointer);
    } else {
        showLab();
        field = m_lab->focusPointer(pointer);
    }
    if (field)
        reveal(field);
    return field;
}

void PropertiesPanel::reveal(QWidget *field)
{
    if (auto *scroll = qobject_cast<QScrollArea *>(currentWidget()))
        scroll->ensureWidgetVisible(field);
}

} // namespace Labforge
