// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Lab.h"

#include <QLineF>
#include <QRectF>

namespace Labforge {

// Where the canvas, the exported diagram and the report draw a lab's networks and the
// lines that attach nodes to them. A network is a horizontal bus starting at its
// position and long enough to reach every node on it; each interface of a node is a
// vertical line from the node's edge facing the bus to the bus (a node's interfaces side
// by side, eth0 leftmost). One piece of geometry for every picture of the lab, so what is
// drawn is what the file says.
class NetworkLayout
{
public:
    static constexpr qreal MinBusLength = 220;
    static constexpr qreal BusMargin = 30;
    static constexpr qreal LaneSpacing = 18;
    static constexpr qreal LabelWidth = 220; // the name and range, left of the bus's start

    // The network's position, or where it goes when the file gives none: above the
    // nodes on it (networks without a position stacked upwards), or below the lab when
    // nothing is on it yet.
    static QPointF position(const Lab &lab, int networkIndex);
    // The x of the line of `node`'s interface `index` (of `count`), for a node box at `box`.
    static qreal laneX(const QRectF &box, int index, int count);
    // The bus of a network at `position` reaching the given line xs.
    static QLineF bus(QPointF position, const QList<qreal> &lanes);
    // The label of a bus (its name and range), left of where it starts, and what the bus and
    // its label take of the canvas: where no card should land.
    static QRectF label(const QLineF &bus);
    static QRectF area(const QLineF &bus);
    // The line from a node box to a bus at the lane x.
    static QLineF wire(const QRectF &box, qreal laneX, qreal busY);

    // The same over a whole lab (report, tests): the bus of each network, the wire of
    // each (node, interface) whose network exists.
    struct Wire
    {
        QString node;
        int interfaceIndex = 0;
        int networkIndex = 0;
        QLineF line;
    };
    static QList<QLineF> buses(const Lab &lab);
    static QList<Wire> wires(const Lab &lab);
    // The box of a node on the canvas.
    static QRectF nodeBox(const Node &node);
};

} // namespace Labforge
