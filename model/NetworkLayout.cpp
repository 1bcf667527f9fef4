// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "NetworkLayout.h"

#include "Catalog.h"

#include <QHash>
#include <algorithm>

namespace Labforge {

namespace {

QList<qreal> lanesOf(const Lab &lab, const QString &network)
{
    QList<qreal> lanes;
    for (const Node &n : lab.nodes) {
        for (int i = 0; i < n.interfaces.size(); ++i) {
            if (n.interfaces.at(i).network == network)
                lanes.append(NetworkLayout::laneX(NetworkLayout::nodeBox(n), i, int(n.interfaces.size())));
        }
    }
    return lanes;
}

} // namespace

QRectF NetworkLayout::nodeBox(const Node &node)
{
    return QRectF(node.position, Catalog::nodeSize());
}

QPointF NetworkLayout::position(const Lab &lab, int networkIndex)
{
    const Network &net = lab.networks.at(networkIndex);
    if (net.position)
        return *net.position;
    // Networks without a position stack upwards, one bus height apart, in file order.
    int unplacedBefore = 0;
    for (int k = 0; k < networkIndex; ++k)
        unplacedBefore += !lab.networks.at(k).position;
    qreal left = 0, top = 0, bottom = 0, labLeft = 40;
    bool any = false, anyNode = false;
    for (const Node &n : lab.nodes) {
        if (!anyNode) {
            bottom = n.position.y() + Catalog::nodeSize().height();
            labLeft = n.position.x();
            anyNode = true;
        }
        bottom = std::max(bottom, n.position.y() + Catalog::nodeSize().height());
        labLeft = std::min(labLeft, n.position.x());
        if (!n.isOn(net.name))
            continue;
        left = any ? std::min(left, n.position.x()) : n.position.x();
        top = any ? std::min(top, n.position.y()) : n.position.y();
        any = true;
    }
    if (!any)
        return QPointF(labLeft, (anyNode ? bottom : 0) + 60 + 40 * unplacedBefore);
    return QPointF(left, top - 50 - 40 * unplacedBefore);
}

qreal NetworkLayout::laneX(const QRectF &box, int index, int count)
{
    return box.center().x() + (index - (count - 1) / 2.0) * LaneSpacing;
}

QLineF NetworkLayout::bus(QPointF position, const QList<qreal> &lanes)
{
    qreal left = position.x();
    qreal right = position.x() + MinBusLength;
    for (qreal x : lanes) {
        left = std::min(left, x - BusMargin);
        right = std::max(right, x + BusMargin);
    }
    return QLineF(left, position.y(), right, position.y());
}

QRectF NetworkLayout::label(const QLineF &bus)
{
    return QRectF(bus.x1() - LabelWidth - 10, bus.y1() - 18, LabelWidth, 36);
}

QRectF NetworkLayout::area(const QLineF &bus)
{
    return QRectF(bus.x1() - LabelWidth - 12, bus.y1() - 20, bus.length() + LabelWidth + 20, 40);
}

QLineF NetworkLayout::wire(const QRectF &box, qreal laneX, qreal busY)
{
    // From the edge that faces the bus; a bus across the box starts at its middle.
    const qreal from = busY >= box.bottom() ? box.bottom() : busY <= box.top() ? box.top() : box.center().y();
    return QLineF(laneX, from, laneX, busY);
}

QList<QLineF> NetworkLayout::buses(const Lab &lab)
{
    QList<QLineF> out;
    for (int k = 0; k < lab.networks.size(); ++k)
        out.append(bus(position(lab, k), lanesOf(lab, lab.networks.at(k).name)));
    return out;
}

QList<NetworkLayout::Wire> NetworkLayout::wires(const Lab &lab)
{
    QHash<QString, int> index;
    for (int k = 0; k < lab.networks.size(); ++k)
        index.insert(lab.networks.at(k).name, k);
    const QList<QLineF> all = buses(lab);
    QList<Wire> out;
    for (const Node &n : lab.nodes) {
        for (int i = 0; i < n.interfaces.size(); ++i) {
            const auto k = index.constFind(n.interfaces.at(i).network);
            if (k == index.constEnd())
                continue;
            const QRectF box = nodeBox(n);
            out.append(Wire {n.id, i, *k, wire(box, laneX(box, i, int(n.interfaces.size())), all.at(*k).y1())});
        }
    }
    return out;
}

} // namespace Labforge
