// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "LabView.h"

#include "CanvasMenu.h"
#include "LabScene.h"
#include "NodeItem.h"

#include <QContextMenuEvent>
#include <QKeyEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QScrollBar>
#include <QWheelEvent>

namespace Labforge {

LabView::LabView(QGraphicsScene *scene, QWidget *parent)
    : QGraphicsView(scene, parent)
{
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    setDragMode(QGraphicsView::RubberBandDrag);
    setRubberBandSelectionMode(Qt::IntersectsItemShape);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setViewportUpdateMode(QGraphicsView::SmartViewportUpdate);
    setAcceptDrops(true);
    setSceneRect(-2000, -2000, 8000, 8000);
}

void LabView::zoomToFit()
{
    if (auto *s = qobject_cast<LabScene *>(scene())) {
        const QRectF content = s->contentRect();
        fitInView(content, Qt::KeepAspectRatio);
        // A small lab (or an empty one) is shown at its own size, not blown up to fill the view.
        if (transform().m11() > 1.0) {
            resetTransform();
            centerOn(content.center());
        }
    }
    m_fitted = true;
}

void LabView::resizeEvent(QResizeEvent *event)
{
    QGraphicsView::resizeEvent(event);
    if (m_fitted)
        zoomToFit();
}

void LabView::zoomBy(qreal factor)
{
    const qreal current = transform().m11();
    if ((current * factor < 0.05 && factor < 1) || (current * factor > 8 && factor > 1))
        return;
    m_fitted = false;
    scale(factor, factor);
}

void LabView::wheelEvent(QWheelEvent *event)
{
    // A mouse wheel (or any wheel with Ctrl) zooms; a touchpad's two-finger scroll (pixel
    // deltas, or a sideways part) and Shift with the wheel pan.
    const QPoint pixels = event->pixelDelta();
    const QPoint angle = event->angleDelta();
    const bool ctrl = event->modifiers() & Qt::ControlModifier;
    const bool shift = event->modifiers() & Qt::ShiftModifier;
    if (!ctrl && (!pixels.isNull() || angle.x() != 0 || shift)) {
        QPoint by = pixels.isNull() ? angle / 4 : pixels;
        if (shift && pixels.isNull())
            by = QPoint(angle.y() / 4, 0);
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() - by.x());
        verticalScrollBar()->setValue(verticalScrollBar()->value() - by.y());
    } else if (angle.y() != 0) {
        zoomBy(angle.y() > 0 ? 1.15 : 1 / 1.15);
    }
    event->accept();
}

bool LabView::event(QEvent *event)
{
    // The scene would take Tab to move the focus between its items and keep it in the canvas.
    if (event->type() == QEvent::KeyPress) {
        const auto *key = static_cast<QKeyEvent *>(event);
        const bool tab = key->key() == Qt::Key_Tab || key->key() == Qt::Key_Backtab;
        if (tab && !(key->modifiers() & (Qt::ControlModifier | Qt::AltModifier))) {
            focusNextPrevChild(key->key() == Qt::Key_Tab && !(key->modifiers() & Qt::ShiftModifier));
            return true;
        }
        if (key->key() == Qt::Key_F10 && key->modifiers() == Qt::ShiftModifier) { // as the Menu key
            const QPoint centre = viewport()->rect().center();
            QContextMenuEvent menu(QContextMenuEvent::Keyboard, centre, viewport()->mapToGlobal(centre));
            contextMenuEvent(&menu);
            return true;
        }
    }
    return QGraphicsView::event(event);
}

void LabView::contextMenuEvent(QContextMenuEvent *event)
{
    auto *labScene = qobject_cast<LabScene *>(scene());
    if (event->reason() != QContextMenuEvent::Keyboard || !labScene)
        return QGraphicsView::contextMenuEvent(event);
    // From the keyboard the pointer may be anywhere: the menu of the selection, shown at it
    // (kept inside the view), else the empty canvas's in the middle of the view.
    const QPoint centre = viewport()->rect().center();
    QMenu menu;
    const QPointF at = CanvasMenu::fillForSelection(&menu, labScene, mapToScene(centre));
    QPoint pos = mapFromScene(at);
    if (!viewport()->rect().contains(pos))
        pos = centre;
    event->accept();
    menu.exec(viewport()->mapToGlobal(pos));
}

void LabView::focusInEvent(QFocusEvent *event)
{
    QGraphicsView::focusInEvent(event);
    viewport()->update();
}

void LabView::focusOutEvent(QFocusEvent *event)
{
    QGraphicsView::focusOutEvent(event);
    viewport()->update();
}

void LabView::scrollContentsBy(int dx, int dy)
{
    QGraphicsView::scrollContentsBy(dx, dy);
    if (hasFocus())
        viewport()->update(); // the frame stays at the edges, not scrolled with the canvas
}

void LabView::drawForeground(QPainter *painter, const QRectF &)
{
    if (!hasFocus())
        return;
    // Where the keys go, as a focused field shows it: a frame in the highlight colour.
    painter->save();
    painter->resetTransform();
    painter->setPen(QPen(palette().color(QPalette::Highlight), FocusFrame));
    painter->setBrush(Qt::NoBrush);
    painter->drawRect(
        QRectF(viewport()->rect()).adjusted(FocusFrame / 2, FocusFrame / 2, -FocusFrame / 2, -FocusFrame / 2));
    painter->restore();
}

void LabView::mousePressEvent(QMouseEvent *event)
{
    // Empty: nothing that can be selected there (a host's frame is background).
    const QGraphicsItem *hit = itemAt(event->pos());
    if (event->button() == Qt::LeftButton && (!hit || !(hit->flags() & QGraphicsItem::ItemIsSelectable)))
        Q_EMIT emptyClicked();
    if (event->button() == Qt::MiddleButton) {
        m_panning = true;
        m_fitted = false;
        m_panStart = event->pos();
        setCursor(Qt::ClosedHandCursor);
        event->accept();
        return;
    }
    QGraphicsView::mousePressEvent(event);
}

void LabView::mouseMoveEvent(QMouseEvent *event)
{
    if (m_panning) {
        const QPoint d = event->pos() - m_panStart;
        m_panStart = event->pos();
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() - d.x());
        verticalScrollBar()->setValue(verticalScrollBar()->value() - d.y());
        event->accept();
        return;
    }
    QGraphicsView::mouseMoveEvent(event);
}

void LabView::mouseReleaseEvent(QMouseEvent *event)
{
    if (m_panning && event->button() == Qt::MiddleButton) {
        m_panning = false;
        unsetCursor();
        event->accept();
        return;
    }
    QGraphicsView::mouseReleaseEvent(event);
}

void LabView::drawBackground(QPainter *painter, const QRectF &rect)
{
    painter->fillRect(rect, QColor(0xf4, 0xf6, 0xf8));
    if (transform().m11() < 0.4)
        return; // the grid would be noise
    const qreal g = NodeItem::Grid * 2;
    painter->setPen(QPen(QColor(0xe0, 0xe4, 0xe8), 0));
    for (qreal x = std::floor(rect.left() / g) * g; x < rect.right(); x += g)
        painter->drawLine(QPointF(x, rect.top()), QPointF(x, rect.bottom()));
    for (qreal y = std::floor(rect.top() / g) * g; y < rect.bottom(); y += g)
        painter->drawLine(QPointF(rect.left(), y), QPointF(rect.right(), y));
}

} // namespace Labforge
