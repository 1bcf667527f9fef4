// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "LabMinimap.h"

#include "LabScene.h"
#include "LabView.h"

#include <QMouseEvent>
#include <QScrollBar>

namespace Labforge {

LabMinimap::LabMinimap(LabView *view, QWidget *parent)
    : QGraphicsView(view->scene(), parent)
    , m_view(view)
{
    setInteractive(false);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setRenderHints(QPainter::Antialiasing);
    setMinimumSize(120, 90);
    auto update = [this] {
        viewport()->update();
    };
    connect(view->horizontalScrollBar(), &QScrollBar::valueChanged, this, update);
    connect(view->verticalScrollBar(), &QScrollBar::valueChanged, this, update);
    connect(view->scene(), &QGraphicsScene::changed, this, &LabMinimap::refit);
}

void LabMinimap::refit()
{
    if (auto *s = qobject_cast<LabScene *>(scene()))
        fitInView(s->contentRect(), Qt::KeepAspectRatio);
    viewport()->update();
}

void LabMinimap::drawForeground(QPainter *painter, const QRectF &)
{
    const QRectF visible = m_view->mapToScene(m_view->viewport()->rect()).boundingRect();
    painter->setPen(QPen(QColor(0x15, 0x65, 0xc0), 0));
    painter->setBrush(QColor(0x15, 0x65, 0xc0, 40));
    painter->drawRect(visible);
}

void LabMinimap::mousePressEvent(QMouseEvent *event)
{
    m_view->centerOn(mapToScene(event->pos()));
}

void LabMinimap::mouseMoveEvent(QMouseEvent *event)
{
    if (event->buttons() & Qt::LeftButton)
        m_view->centerOn(mapToScene(event->pos()));
}

void LabMinimap::resizeEvent(QResizeEvent *event)
{
    QGraphicsView::resizeEvent(event);
    refit();
}

} // namespace Labforge
