// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "NetworkItem.h"

#include "InterfaceItem.h"
#include "NetworkLayout.h"
#include "NodeItem.h"

#include <QApplication>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

namespace Labforge {

NetworkItem::NetworkItem(const Network &network, QPointF position)
    : m_network(network)
{
    setFlags(ItemIsMovable | ItemIsSelectable | ItemSendsGeometryChanges | ItemIsFocusable);
    setPos(position);
    setZValue(0.5); // above the lines that end on it, below the nodes
    updateToolTip();
}

void NetworkItem::setNetwork(const Network &network, QPointF position)
{
    prepareGeometryChange();
    m_network = network;
    if (pos() != position)
        setPos(position);
    updateToolTip();
    update();
}

void NetworkItem::setLanes(const QList<qreal> &lanes)
{
    if (lanes == m_lanes)
        return;
    prepareGeometryChange();
    m_lanes = lanes;
    update();
}

void NetworkItem::setProblem(const QString &message)
{
    m_problem = message;
    updateToolTip();
    update();
}

void NetworkItem::updateToolTip()
{
    QString tip = QStringLiteral("<b>%1</b> %2").arg(m_network.name.toHtmlEscaped(), m_network.cidr.toHtmlEscaped());
    if (!m_network.gateway.isEmpty())
        tip += QStringLiteral("<br>") + tr("gateway %1").arg(m_network.gateway.toHtmlEscaped());
    if (m_network.isDefaultRoute)
        tip += QStringLiteral("<br>") + tr("default route");
    if (!m_problem.isEmpty())
        tip += QStringLiteral("<br><span style='color:#c62828'>%1</span>")
                   .arg(m_problem.toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>")));
    setToolTip(tip);
}

QLineF NetworkItem::bus() const
{
    return NetworkLayout::bus(pos(), m_lanes);
}

QLineF NetworkItem::localBus() const
{
    return bus().translated(-pos());
}

QRectF NetworkItem::labelRect() const
{
    // Left of the bus's end, where no line reaches: the bus starts left of its first line.
    return NetworkLayout::label(localBus());
}

QRectF NetworkItem::boundingRect() const
{
    return NetworkLayout::area(localBus());
}

QPainterPath NetworkItem::shape() const
{
    QPainterPath path = InterfaceItem::strokeAround(localBus(), 14);
    path.addRect(labelRect()); // the label takes a click too
    return path;
}

QVariant NetworkItem::itemChange(GraphicsItemChange change, const QVariant &value)
{
    if (change == ItemPositionChange && scene() && isSelected()
        && !(QApplication::keyboardModifiers() & Qt::AltModifier)) {
        const QPointF p = value.toPointF();
        return QPointF(std::round(p.x() / NodeItem::Grid) * NodeItem::Grid,
                       std::round(p.y() / NodeItem::Grid) * NodeItem::Grid);
    }
    return QGraphicsObject::itemChange(change, value);
}

QColor NetworkItem::busColour()
{
    return QColor(0x54, 0x6e, 0x7a);
}

void NetworkItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    painter->setRenderHint(QPainter::Antialiasing);
    const bool selected = option->state & QStyle::State_Selected;
    QPen pen(InterfaceItem::stateColour(busColour(), !m_problem.isEmpty(), selected), selected ? 8 : 6, Qt::SolidLine,
             Qt::RoundCap);
    painter->setPen(pen);
    const QLineF b = localBus();
    painter->drawLine(b);
    // name over CIDR and gateway, left of the bus
    const QRectF label = labelRect();
    QFont f = painter->font();
    f.setBold(true);
    f.setPointSizeF(9.5);
    painter->setFont(f);
    painter->setPen(QColor(0x26, 0x32, 0x38));
    painter->drawText(QRectF(label.x(), label.y(), label.width(), label.height() / 2),
                      Qt::AlignRight | Qt::AlignVCenter,
                      painter->fontMetrics().elidedText(m_network.name, Qt::ElideRight, int(label.width())));
    f.setBold(false);
    f.setPointSizeF(8.5);
    painter->setFont(f);
    painter->setPen(QColor(0x45, 0x5a, 0x64));
    QString detail = m_network.cidr;
    if (!m_network.gateway.isEmpty())
        detail += QStringLiteral(" · ") + tr("gw %1").arg(m_network.gateway);
    painter->drawText(QRectF(label.x(), label.center().y(), label.width(), label.height() / 2),
                      Qt::AlignRight | Qt::AlignVCenter,
                      painter->fontMetrics().elidedText(detail, Qt::ElideLeft, int(label.width())));
}

} // namespace Labforge
