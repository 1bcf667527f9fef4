// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "LinkLayout.h"

#include "Catalog.h"
#include "LinkDetour.h"
#include "NetworkLayout.h"

#include <QHash>
#include <algorithm>
#include <cmath>

namespace Labforge {

namespace {

enum class Side { Top, Bottom, Left, Right, None };

// The side of `a` that faces `b`: across the wider gap between the two cards.
Side facing(const QRectF &a, const QRectF &b)
{
    const qreal below = b.top() - a.bottom();
    const qreal above = a.top() - b.bottom();
    const qreal right = b.left() - a.right();
    const qreal left = a.left() - b.right();
    const qreal vertical = std::max(below, above);
    const qreal horizontal = std::max(right, left);
    if (vertical <= 0 && horizontal <= 0)
        return Side::None; // overlapping cards: centre to centre
    if (vertical >= horizontal)
        return below >= above ? Side::Bottom : Side::Top;
    return right >= left ? Side::Right : Side::Left;
}

struct Slot
{
    int route = 0;
    bool isFrom = true;
    qreal order = 0; // where the line goes, along the side
    qreal wanted = 0; // the other card's centre, along the side
};

QPointF anchor(const QRectF &box, Side side, qreal along)
{
    switch (side) {
    case Side::Top:
        return QPointF(along, box.top());
    case Side::Bottom:
        return QPointF(along, box.bottom());
    case Side::Left:
        return QPointF(box.left(), along);
    case Side::Right:
        return QPointF(box.right(), along);
    case Side::None:
        break;
    }
    return box.center();
}

// Points along [lo, hi] for lines that want to leave at `wanted` (in the order of where they
// go): each as near its wish as the others leave room for, Spacing apart, and off the
// interface lanes (moved to the lane's left: its label is on the right).
QList<qreal> placed(const QList<qreal> &wanted, qreal lo, qreal hi, const QList<qreal> &lanes)
{
    QList<qreal> at = wanted;
    for (qsizetype i = 0; i < at.size(); ++i) {
        for (qreal lane : lanes) {
            if (std::abs(at.at(i) - lane) < LinkLayout::LaneClearance)
                at[i] = lane - LinkLayout::LaneClearance >= lo ? lane - LinkLayout::LaneClearance
                                                               : lane + LinkLayout::LaneClearance;
        }
    }
    for (qsizetype i = 1; i < at.size(); ++i)
        at[i] = std::max(at.at(i), at.at(i - 1) + LinkLayout::Spacing);
    for (qsizetype i = at.size() - 1; i >= 0; --i) {
        at[i] = std::min(at.at(i), i + 1 < at.size() ? at.at(i + 1) - LinkLayout::Spacing : hi);
        at[i] = std::max(at.at(i), lo);
    }
    return at;
}

} // namespace

QList<QLineF> LinkLayout::lines(const QList<Route> &routes)
{
    QList<QPointF> fromPoints(routes.size()), toPoints(routes.size());
    // The slots of each (card, side), then their points along that side.
    QHash<QString, QList<Slot>> sides;
    QHash<QString, std::pair<const End *, Side>> sideOf;
    for (int k = 0; k < routes.size(); ++k) {
        const Route &r = routes.at(k);
        const Side a = facing(r.from.box, r.to.box);
        const Side b = facing(r.to.box, r.from.box);
        if (a == Side::None || b == Side::None) {
            fromPoints[k] = r.from.box.center();
            toPoints[k] = r.to.box.center();
            continue;
        }
        for (const auto &[end, other, side, isFrom] :
             {std::tuple {&r.from, &r.to, a, true}, std::tuple {&r.to, &r.from, b, false}}) {
            const QString key = end->node + QLatin1Char('/') + QString::number(int(side));
            const QPointF d = other->box.center() - end->box.center();
            // Ordered by direction, so that lines leaving one side do not cross there.
            const bool horizontalSide = side == Side::Top || side == Side::Bottom;
            const qreal across = horizontalSide ? std::abs(d.y()) : std::abs(d.x());
            const qreal order = (horizontalSide ? d.x() : d.y()) / std::max<qreal>(across, 1);
            const qreal wanted = horizontalSide ? other->box.center().x() : other->box.center().y();
            sides[key].append(Slot {k, isFrom, order, wanted});
            sideOf.insert(key, {end, side});
        }
    }
    for (auto it = sides.begin(); it != sides.end(); ++it) {
        QList<Slot> &slots = it.value();
        std::stable_sort(slots.begin(), slots.end(), [](const Slot &x, const Slot &y) { return x.order < y.order; });
        const auto [end, side] = sideOf.value(it.key());
        const bool horizontalSide = side == Side::Top || side == Side::Bottom;
        const qreal from = (horizontalSide ? end->box.left() : end->box.top()) + Inset;
        const qreal to = (horizontalSide ? end->box.right() : end->box.bottom()) - Inset;
        QList<qreal> wanted;
        for (const Slot &slot : std::as_const(slots))
            wanted.append(std::clamp(slot.wanted, from, to));
        const QList<qreal> at = placed(wanted, from, to, horizontalSide ? end->lanes : QList<qreal>());
        for (int i = 0; i < slots.size(); ++i) {
            const QPointF p = anchor(end->box, side, at.at(i));
            (slots.at(i).isFrom ? fromPoints : toPoints)[slots.at(i).route] = p;
        }
    }
    QList<QLineF> out;
    for (int k = 0; k < routes.size(); ++k)
        out.append(QLineF(fromPoints.at(k), toPoints.at(k)));
    return out;
}

LinkLayout::End LinkLayout::endAt(const QString &node, QPointF topLeft, int interfaceCount)
{
    End e {node, QRectF(topLeft, Catalog::nodeSize()), {}};
    for (int i = 0; i < interfaceCount; ++i)
        e.lanes.append(NetworkLayout::laneX(e.box, i, interfaceCount));
    return e;
}

namespace {

QHash<QString, LinkLayout::End> endsOf(const Lab &lab)
{
    QHash<QString, LinkLayout::End> ends;
    for (const Node &n : lab.nodes) {
        if (!ends.contains(n.id))
            ends.insert(n.id, LinkLayout::endAt(n.id, n.position, int(n.interfaces.size())));
    }
    return ends;
}

// The routes of `lab`'s links that have two ends, and which link each is.
std::pair<QList<LinkLayout::Route>, QList<int>> routesOf(const Lab &lab, const QHash<QString, LinkLayout::End> &ends)
{
    QList<LinkLayout::Route> routes;
    QList<int> routed;
    for (int k = 0; k < lab.links.size(); ++k) {
        const Link &l = lab.links.at(k);
        if (!ends.contains(l.from) || !ends.contains(l.to) || l.from == l.to)
            continue;
        routes.append(LinkLayout::Route {ends.value(l.from), ends.value(l.to)});
        routed.append(k);
    }
    return {routes, routed};
}

} // namespace

QList<QLineF> LinkLayout::lines(const Lab &lab)
{
    const auto [routes, routed] = routesOf(lab, endsOf(lab));
    const QList<QLineF> drawn = lines(routes);
    QList<QLineF> out(lab.links.size());
    for (int i = 0; i < routed.size(); ++i)
        out[routed.at(i)] = drawn.at(i);
    return out;
}

QList<QList<QPointF>> LinkLayout::paths(const QList<Route> &routes, const QHash<QString, QRectF> &cards)
{
    const QList<QLineF> straight = lines(routes);
    QList<QList<QPointF>> out;
    for (int k = 0; k < routes.size(); ++k) {
        const Route &r = routes.at(k);
        QList<QRectF> others;
        for (auto it = cards.begin(); it != cards.end(); ++it) {
            if (it.key() != r.from.node && it.key() != r.to.node)
                others.append(it.value());
        }
        const QLineF &l = straight.at(k);
        out.append(LinkDetour::route(l.p1(), r.from.box, l.p2(), r.to.box, others));
    }
    return out;
}

QList<QList<QPointF>> LinkLayout::paths(const Lab &lab)
{
    const QHash<QString, End> ends = endsOf(lab);
    QHash<QString, QRectF> cards;
    for (auto it = ends.begin(); it != ends.end(); ++it)
        cards.insert(it.key(), it.value().box);
    const auto [routes, routed] = routesOf(lab, ends);
    const QList<QList<QPointF>> drawn = paths(routes, cards);
    QList<QList<QPointF>> out(lab.links.size());
    for (int i = 0; i < routed.size(); ++i)
        out[routed.at(i)] = drawn.at(i);
    return out;
}

QRectF LinkLayout::labelRect(const QList<QPointF> &path, const QString &label)
{
    // About 6.5 px a character at the label's size; the middle of the way.
    const qreal width = 12 + 6.5 * label.size();
    const QPointF middle = LinkDetour::middle(path);
    return QRectF(middle.x() - width / 2, middle.y() - 8, width, 16);
}

} // namespace Labforge
