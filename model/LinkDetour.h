// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QList>
#include <QRectF>

namespace Labforge {

// The way of a link from one card to another: the straight line between its two ends when
// that line passes through no other card; otherwise a path of horizontal and vertical runs
// that leaves each card straight out of its side, keeps a gap from every card and turns as
// seldom as it can, so that no link reads as joining a card it does not belong to.
class LinkDetour
{
public:
    // Space kept between a detour and the cards it goes around.
    static constexpr qreal Gap = 12;

    // The points from `from` (on the border of `fromBox`) to `to` (on the border of `toBox`),
    // around `others` (every other card). The straight line if no way around is found.
    static QList<QPointF> route(QPointF from, const QRectF &fromBox, QPointF to, const QRectF &toBox,
                                const QList<QRectF> &others);
    // Whether the segment from `a` to `b` passes through the inside of `card` (touching its
    // border is not passing through).
    static bool crosses(QPointF a, QPointF b, const QRectF &card);
    // The point halfway along `path`, by length.
    static QPointF middle(const QList<QPointF> &path);
};

} // namespace Labforge
