#include "LinkItem.h"

#include "Catalog.h"
#include "NodeItem.h"

#include <QPainter>
#include <QPainterPathStroker>
#include <QStyleOptionGraphicsItem>
#include <QtMath>

namespace Labforge {

LinkItem::LinkItem(int index, NodeItem *from, NodeItem *to, int lane, const QString &fromLabel, const QString &toLabel)
    : m_index(index)
    , m_from(from)
    , m_to(to)
    , m_lane(lane)
    , m_fromLabel(fromLabel)
    , m_toLabel(toLabel)
{
    setFlags(ItemIsSelectable);
    setZValue(0);
    setToolTip(tr("%1 — %2").arg(from->nodeId(), to->nodeId()));
}

void LinkItem::setProblem(const QString &message)
{
    m_problem = message;
    setToolTip(message.isEmpty() ? tr("%1 — %2").arg(m_from->nodeId(), m_to->nodeId()) : message);
    update();
}

QLineF LinkItem::line() const
{
    const QSizeF s = Catalog::nodeSize();
    const QPointF half(s.width() / 2, s.height() / 2);
    QLineF l(m_from->pos() + half, m_to->pos() + half);
    if (m_lane != 0 && l.length() > 0) {
        // Parallel links: offset perpendicular to the line, alternating sides.
        const QLineF normal = l.normalVector().unitVector();
        // Lanes pair up on either side (1, 1, 2, 2, …): the integer division is the point.
        const int pair = (m_lane + 1) / 2;
        const qreal offset = 10.0 * pair * (m_lane % 2 ? 1 : -1);
        l.translate((normal.p2() - normal.p1()) * offset);
    }
    return l;
}

void LinkItem::updateGeometry()
{
    prepareGeometryChange();
    update();
}

QRectF LinkItem::boundingRect() const
{
    const QLineF l = line();
    return QRectF(l.p1(), l.p2()).normalized().adjusted(-60, -30, 60, 30);
}

QPainterPath LinkItem::shape() const
{
    QPainterPath path(line().p1());
    path.lineTo(line().p2());
    QPainterPathStroker stroker;
    stroker.setWidth(10);
    return stroker.createStroke(path);
}

void LinkItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    painter->setRenderHint(QPainter::Antialiasing);
    const bool selected = option->state & QStyle::State_Selected;
    QColor colour = m_problem.isEmpty() ? QColor(0x90, 0xa4, 0xae) : QColor(0xc6, 0x28, 0x28);
    if (selected)
        colour = QColor(0x21, 0x21, 0x21);
    QPen pen(colour, selected ? 3 : 2);
    if (!m_problem.isEmpty())
        pen.setStyle(Qt::DashLine);
    painter->setPen(pen);
    const QLineF l = line();
    painter->drawLine(l);
    // End labels, just outside where the line leaves each node's box.
    QFont f = painter->font();
    f.setPointSizeF(7);
    painter->setFont(f);
    painter->setPen(QColor(0x60, 0x7d, 0x8b));
    auto exitPoint = [&](const QRectF &box, const QLineF &outward) {
        const QLineF edges[] = {{box.topLeft(), box.topRight()},
                                {box.topRight(), box.bottomRight()},
                                {box.bottomRight(), box.bottomLeft()},
                                {box.bottomLeft(), box.topLeft()}};
        for (const QLineF &edge : edges) {
            QPointF hit;
            if (outward.intersects(edge, &hit) == QLineF::BoundedIntersection)
                return hit;
        }
        return outward.p1();
    };
    const QSizeF s = Catalog::nodeSize();
    const QPointF a = exitPoint(QRectF(m_from->pos(), s), l);
    const QPointF b = exitPoint(QRectF(m_to->pos(), s), QLineF(l.p2(), l.p1()));
    const QLineF inner(a, b);
    if (inner.length() > 80) {
        const QPointF la = inner.pointAt(18.0 / inner.length());
        const QPointF lb = inner.pointAt(1.0 - 18.0 / inner.length());
        painter->drawText(QRectF(la.x() - 40, la.y() - 6, 80, 12), Qt::AlignCenter, m_fromLabel);
        painter->drawText(QRectF(lb.x() - 40, lb.y() - 6, 80, 12), Qt::AlignCenter, m_toLabel);
    }
}

} // namespace Labforge
