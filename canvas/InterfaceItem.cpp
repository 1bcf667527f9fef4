// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "InterfaceItem.h"

#include "Catalog.h"
#include "NetworkItem.h"
#include "NetworkLayout.h"
#include "NodeItem.h"
#include "PlainText.h"
#include "WireRoute.h"

#include <QGraphicsScene>
#include <QPainter>
#include <QPainterPathStroker>
#include <QStyleOptionGraphicsItem>

namespace Labforge {

InterfaceItem::InterfaceItem(NodeItem *node, NetworkItem *network, int interfaceIndex, int interfaceCount,
                             const QString &address)
    : m_node(node)
    , m_network(network)
    , m_index(interfaceIndex)
    , m_count(interfaceCount)
    , m_address(address)
{
    setFlags(ItemIsSelectable);
    setZValue(0.3); // its label on a light ground above the links that cross it
    m_nodeId = node->nodeId();
    m_route = currentRoute();
    updateToolTip();
}

QString InterfaceItem::nodeId() const
{
    return m_nodeId;
}

QString InterfaceItem::label() const
{
    return QStringLiteral("eth%1 %2").arg(m_index).arg(m_address);
}

void InterfaceItem::updateToolTip()
{
    if (!isAttached())
        return;
    QString tip = tr("%1 %2 on %3").arg(m_nodeId, label(), m_network->name());
    if (!m_problem.isEmpty())
        tip += QLatin1Char('\n') + m_problem;
    setToolTip(PlainText::toolTip(tip));
}

void InterfaceItem::setProblem(const QString &message)
{
    m_problem = message;
    updateToolTip();
    update();
}

qreal InterfaceItem::laneX() const
{
    if (!m_node)
        return 0;
    return NetworkLayout::laneX(QRectF(m_node->pos(), Catalog::nodeSize()), m_index, m_count);
}

QPolygonF InterfaceItem::currentRoute() const
{
    if (!isAttached())
        return {};
    QList<QRectF> others;
    if (scene()) {
        for (QGraphicsItem *item : scene()->items()) {
            if (item->type() == NodeItem::Type && item != m_node.data())
                others.append(QRectF(item->pos(), Catalog::nodeSize()));
        }
    }
    return WireRoute::route(QRectF(m_node->pos(), Catalog::nodeSize()), laneX(), m_network->pos().y(), others);
}

void InterfaceItem::updateGeometry()
{
    prepareGeometryChange(); // boundingRect() still gives the old line's area here
    m_route = currentRoute();
    update();
}

QRectF InterfaceItem::labelRect(const QLineF &line) const
{
    // A row further out for each later interface, so that side-by-side lines keep their
    // labels apart.
    const qreal direction = line.y2() < line.y1() ? -1 : 1;
    const qreal y = line.y1() + direction * (10 + 12 * m_index);
    return QRectF(line.x1() + 4, y - 6, 124, 12);
}

QRectF InterfaceItem::boundingRect() const
{
    return m_route.boundingRect().adjusted(-8, -8, 8, 8).united(labelRect(line()));
}

QPainterPath InterfaceItem::strokeAround(const QLineF &line, qreal width)
{
    QPainterPath path(line.p1());
    path.lineTo(line.p2());
    QPainterPathStroker stroker;
    stroker.setWidth(width);
    return stroker.createStroke(path);
}

QColor InterfaceItem::colour()
{
    return QColor(0x90, 0xa4, 0xae);
}

QColor InterfaceItem::stateColour(const QColor &normal, bool problem, bool selected)
{
    if (selected)
        return QColor(0x21, 0x21, 0x21);
    return problem ? QColor(0xc6, 0x28, 0x28) : normal;
}

QPainterPath InterfaceItem::shape() const
{
    QPainterPath path;
    path.addPolygon(m_route);
    QPainterPathStroker stroker;
    stroker.setWidth(10);
    return stroker.createStroke(path);
}

void InterfaceItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    painter->setRenderHint(QPainter::Antialiasing);
    const bool selected = option->state & QStyle::State_Selected;
    QPen pen(stateColour(colour(), !m_problem.isEmpty(), selected), selected ? 3 : 2);
    if (!m_problem.isEmpty())
        pen.setStyle(Qt::DashLine);
    painter->setPen(pen);
    painter->drawPolyline(m_route);
    const QLineF l = line();
    if (l.length() < 30 && m_route.size() <= 2)
        return;
    // The interface's name and address beside the line where it leaves the node.
    QFont f = painter->font();
    f.setPointSizeF(7.5);
    painter->setFont(f);
    // On a light ground, so that a link crossing it does not run through the text.
    const QRectF text = painter->boundingRect(labelRect(l), Qt::AlignLeft | Qt::AlignVCenter, label());
    painter->fillRect(text.adjusted(-2, 0, 2, 0), QColor(0xff, 0xff, 0xff, 0xd0));
    painter->setPen(m_problem.isEmpty() ? QColor(0x60, 0x7d, 0x8b) : QColor(0xc6, 0x28, 0x28));
    painter->drawText(labelRect(l), Qt::AlignLeft | Qt::AlignVCenter, label());
}

} // namespace Labforge
