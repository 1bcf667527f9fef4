// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "WireRoute.h"

#include "NetworkLayout.h"

#include <algorithm>

namespace Labforge {

namespace {

// The cards (grown by the gap) that the vertical from (x, y1) to (x, y2) runs through.
QList<QRectF> blocking(qreal x, qreal y1, qreal y2, const QList<QRectF> &cards)
{
    QList<QRectF> out;
    for (const QRectF &card : cards) {
        const QRectF grown = card.adjusted(-WireRoute::Gap, -WireRoute::Gap, WireRoute::Gap, WireRoute::Gap);
        if (WireRoute::crosses(QPointF(x, y1), QPointF(x, y2), grown))
            out.append(grown);
    }
    return out;
}

} // namespace

bool WireRoute::crosses(QPointF a, QPointF b, const QRectF &card)
{
    const QRectF segment = QRectF(a, b).normalized();
    // Inside, not along an edge: a line that only touches a card's border does not cross it.
    return segment.right() > card.left() && segment.left() < card.right() && segment.bottom() > card.top()
        && segment.top() < card.bottom();
}

QPolygonF WireRoute::route(const QRectF &box, qreal laneX, qreal busY, const QList<QRectF> &others)
{
    const QLineF straight = NetworkLayout::wire(box, laneX, busY);
    QList<QRectF> hit = blocking(laneX, straight.y1(), straight.y2(), others);
    if (hit.isEmpty())
        return QPolygonF({straight.p1(), straight.p2()});
    const bool down = straight.y2() >= straight.y1();
    qreal spanTop = hit.first().top(), spanBottom = hit.first().bottom();
    qreal left = hit.first().left(), right = hit.first().right();
    qreal x = laneX;
    // Widen the detour until its vertical meets no card; each round takes in what it met.
    for (int round = 0; round < 16; ++round) {
        for (const QRectF &r : std::as_const(hit)) {
            spanTop = std::min(spanTop, r.top());
            spanBottom = std::max(spanBottom, r.bottom());
            left = std::min(left, r.left());
            right = std::max(right, r.right());
        }
        const bool leftNearer = laneX - left <= right - laneX;
        const qreal first = leftNearer ? left : right, second = leftNearer ? right : left;
        QList<QRectF> atFirst = blocking(first, spanTop, spanBottom, others);
        if (atFirst.isEmpty()) {
            x = first;
            break;
        }
        QList<QRectF> atSecond = blocking(second, spanTop, spanBottom, others);
        if (atSecond.isEmpty()) {
            x = second;
            break;
        }
        hit = atFirst + atSecond;
        x = first;
    }
    // Out of the lane just before the first card in the way, back into it just after the last.
    const qreal from = straight.y1(), to = straight.y2();
    const qreal out = down ? std::max(from, spanTop) : std::min(from, spanBottom);
    const qreal back = down ? spanBottom : spanTop;
    QPolygonF points({straight.p1(), QPointF(laneX, out), QPointF(x, out)});
    if (down ? back < to : back > to) {
        points << QPointF(x, back) << QPointF(laneX, back) << straight.p2();
    } else {
        points << QPointF(x, to); // a card across the bus: the line meets it beside the card
    }
    return points;
}

} // namespace Labforge
