// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "LinkItem.h"

#include "InterfaceItem.h"
#include "LinkLayout.h"
#include "NetworkItem.h"
#include "NodeItem.h"
#include "PlainText.h"

#include <QPainter>
#include <QPainterPathStroker>
#include <QStyleOptionGraphicsItem>

namespace Labforge {

QColor LinkItem::colour()
{
    return QColor(0x3f, 0x51, 0xb5);
}

LinkItem::LinkItem(int index, const Link &link)
    : m_index(index)
    , m_link(link)
{
    setFlags(ItemIsSelectable | ItemIsFocusable);
    setZValue(0.25); // below the interface lines (whose labels stay readable), the buses and the cards
    updateToolTip();
}

void LinkItem::updateToolTip()
{
    // Plain text: a lab's strings are never read as markup.
    QString tip = m_link.network.isEmpty() ? tr("Link %1 – %2, no network").arg(m_link.from, m_link.to)
                                           : tr("Link %1 – %2 over %3").arg(m_link.from, m_link.to, m_link.network);
    if (!m_link.label.isEmpty())
        tip += QLatin1Char('\n') + m_link.label;
    if (!m_problem.isEmpty())
        tip += QLatin1Char('\n') + m_problem;
    setToolTip(PlainText::toolTip(tip));
}

void LinkItem::setProblem(const QString &message)
{
    if (message == m_problem)
        return;
    m_problem = message;
    updateToolTip();
    update();
}

void LinkItem::setPath(const QPolygonF &path)
{
    if (path == m_path)
        return;
    prepareGeometryChange();
    m_path = path;
    update();
}

QLineF LinkItem::line() const
{
    return m_path.isEmpty() ? QLineF() : QLineF(m_path.first(), m_path.last());
}

QRectF LinkItem::labelRect() const
{
    return m_link.label.isEmpty() ? QRectF() : LinkLayout::labelRect(m_path, m_link.label);
}

QRectF LinkItem::boundingRect() const
{
    return m_path.boundingRect().adjusted(-8, -8, 8, 8).united(labelRect());
}

QPainterPath LinkItem::shape() const
{
    QPainterPath way;
    way.addPolygon(m_path);
    QPainterPathStroker stroker;
    stroker.setWidth(10);
    QPainterPath path = stroker.createStroke(way);
    if (!m_link.label.isEmpty())
        path.addRect(labelRect());
    return path;
}

void LinkItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    painter->setRenderHint(QPainter::Antialiasing);
    const bool selected = option->state & QStyle::State_Selected;
    const QColor colour = InterfaceItem::stateColour(LinkItem::colour(), !m_problem.isEmpty(), selected);
    QPen pen(colour, selected ? 3.5 : 2.5, m_problem.isEmpty() ? Qt::SolidLine : Qt::DashLine, Qt::RoundCap);
    painter->setPen(pen);
    painter->drawPolyline(m_path);
    // A dot at each end: where the link meets the card.
    painter->setBrush(colour);
    painter->setPen(Qt::NoPen);
    painter->drawEllipse(line().p1(), 3.5, 3.5);
    painter->drawEllipse(line().p2(), 3.5, 3.5);
    if (m_link.label.isEmpty())
        return;
    const QRectF box = labelRect();
    painter->setBrush(QColor(0xff, 0xff, 0xff, 0xe6));
    painter->setPen(QPen(colour, 1));
    painter->drawRoundedRect(box, 4, 4);
    QFont f = painter->font();
    f.setPointSizeF(7.5);
    painter->setFont(f);
    painter->setPen(colour);
    painter->drawText(box, Qt::AlignCenter, m_link.label);
}

} // namespace Labforge
