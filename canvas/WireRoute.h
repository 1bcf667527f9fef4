// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QList>
#include <QPolygonF>
#include <QRectF>

namespace Labforge {

// The way of an interface line from its node's card to its network's bus: straight down
// (or up) the node's lane, unless other cards stand on it; then it steps aside just before
// the first of them, runs past them beside the nearer clear side and comes back to the
// lane just after the last, so that no line runs through a card it does not belong to.
class WireRoute
{
public:
    // Space kept between a detour and the cards it goes around.
    static constexpr qreal Gap = 12;

    // The points of the line from `box` (the node's card) at `laneX` to the bus at `busY`,
    // around `others` (every other card).
    static QPolygonF route(const QRectF &box, qreal laneX, qreal busY, const QList<QRectF> &others);
    // Whether the segment from `a` to `b` (horizontal or vertical) passes through the inside of `card`.
    static bool crosses(QPointF a, QPointF b, const QRectF &card);
};

} // namespace Labforge
