// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Lab.h"

#include <QHash>
#include <QLineF>
#include <QRectF>

namespace Labforge {

// Where the canvas, the exported diagram and the report draw a lab's links: a straight line
// from the side of one node's card that faces the other card (across the wider gap) to the
// facing side of the other, each end as near the other card's centre as the side allows.
// The links that leave one side keep the order of where they go and a spacing, so that
// lines from one card neither start at one point nor cross there, and stay off the lines of
// the card's interfaces. A line that would pass through another card goes around it
// instead (paths). One piece of geometry for every picture of the lab.
class LinkLayout
{
public:
    // One end of a link: the card it leaves and the card's interface lanes (scene x).
    struct End
    {
        QString node;
        QRectF box;
        QList<qreal> lanes;
    };
    struct Route
    {
        End from;
        End to;
    };
    static constexpr qreal Inset = 14;
    static constexpr qreal LaneClearance = 24;
    static constexpr qreal Spacing = 14;

    // The end of a link at node `node` whose card is at `topLeft` with `interfaceCount` lanes.
    static End endAt(const QString &node, QPointF topLeft, int interfaceCount);
    // The line of each route, in order.
    static QList<QLineF> lines(const QList<Route> &routes);
    // The same over a whole lab: one line per link, an empty line where an end is missing.
    static QList<QLineF> lines(const Lab &lab);
    // The way of each route between the ends of its line: that line, unless it passes
    // through one of `cards` (by node) other than its own two; then around them (LinkDetour).
    static QList<QList<QPointF>> paths(const QList<Route> &routes, const QHash<QString, QRectF> &cards);
    // The same over a whole lab: one way per link, empty where an end is missing.
    static QList<QList<QPointF>> paths(const Lab &lab);
    // Where a link's label is written: centred on the middle of its way.
    static QRectF labelRect(const QList<QPointF> &path, const QString &label);
};

} // namespace Labforge
