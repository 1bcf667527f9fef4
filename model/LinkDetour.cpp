// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "LinkDetour.h"

#include <QLineF>
#include <algorithm>
#include <cmath>
#include <limits>
#include <queue>
#include <vector>

namespace Labforge {

namespace {

// A turn costs as much as this many pixels of line: fewer turns before a shorter way.
constexpr qreal TurnCost = 60;

// The way out of `box` at `p` on its border: straight out of the nearest side.
QPointF outward(QPointF p, const QRectF &box)
{
    const qreal top = std::abs(p.y() - box.top()), bottom = std::abs(p.y() - box.bottom());
    const qreal left = std::abs(p.x() - box.left()), right = std::abs(p.x() - box.right());
    const qreal nearest = std::min({top, bottom, left, right});
    if (nearest == bottom)
        return QPointF(0, 1);
    if (nearest == top)
        return QPointF(0, -1);
    return nearest == left ? QPointF(-1, 0) : QPointF(1, 0);
}

// Directions on the grid: 0 right, 1 down, 2 left, 3 up.
int direction(QPointF d)
{
    if (std::abs(d.x()) >= std::abs(d.y()))
        return d.x() >= 0 ? 0 : 2;
    return d.y() >= 0 ? 1 : 3;
}

QList<qreal> sortedUnique(QList<qreal> values)
{
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end(), [](qreal a, qreal b) { return std::abs(a - b) < 0.01; }),
                 values.end());
    return values;
}

// The way over the grid of `xs` × `ys` from `start` (leaving in `startDir`) to `goal`
// (arriving in `goalDir`) that crosses no `blocked` card, cheapest by length and turns.
QList<QPointF> gridWay(const QList<qreal> &xs, const QList<qreal> &ys, QPointF start, int startDir, QPointF goal,
                       int goalDir, const QList<QRectF> &blocked)
{
    const auto index = [](const QList<qreal> &values, qreal v) {
        return int(std::min_element(values.begin(), values.end(),
                                    [v](qreal a, qreal b) { return std::abs(a - v) < std::abs(b - v); })
                   - values.begin());
    };
    const int w = int(xs.size()), h = int(ys.size());
    const auto state = [w](int ix, int iy, int dir) {
        return (iy * w + ix) * 4 + dir;
    };
    const int count = w * h * 4;
    std::vector<qreal> cost(count, std::numeric_limits<qreal>::infinity());
    std::vector<int> previous(count, -1);
    using Entry = std::pair<qreal, int>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> open;
    const int first = state(index(xs, start.x()), index(ys, start.y()), startDir);
    cost[first] = 0;
    open.push({0, first});
    const int goalX = index(xs, goal.x()), goalY = index(ys, goal.y());
    static constexpr int dx[] = {1, 0, -1, 0}, dy[] = {0, 1, 0, -1};
    int best = -1;
    qreal bestCost = std::numeric_limits<qreal>::infinity();
    while (!open.empty()) {
        const auto [c, s] = open.top();
        open.pop();
        if (c > cost[s] || c >= bestCost)
            continue;
        const int dir = s % 4, ix = (s / 4) % w, iy = (s / 4) / w;
        if (ix == goalX && iy == goalY) {
            const qreal total = c + (dir == goalDir ? 0 : TurnCost);
            if (total < bestCost)
                bestCost = total, best = s;
            continue;
        }
        for (int d = 0; d < 4; ++d) {
            if (d == (dir + 2) % 4)
                continue; // no turning back on itself
            const int nx = ix + dx[d], ny = iy + dy[d];
            if (nx < 0 || ny < 0 || nx >= w || ny >= h)
                continue;
            const QPointF a(xs.at(ix), ys.at(iy)), b(xs.at(nx), ys.at(ny));
            if (std::any_of(blocked.begin(), blocked.end(),
                            [&](const QRectF &r) { return LinkDetour::crosses(a, b, r); }))
                continue;
            const int next = state(nx, ny, d);
            const qreal nc = c + QLineF(a, b).length() + (d == dir ? 0 : TurnCost);
            if (nc < cost[next]) {
                cost[next] = nc;
                previous[next] = s;
                open.push({nc, next});
            }
        }
    }
    QList<QPointF> way;
    for (int s = best; s >= 0; s = previous[s])
        way.prepend(QPointF(xs.at((s / 4) % w), ys.at((s / 4) / w)));
    return way;
}

// Without the points in the middle of a straight run.
QList<QPointF> withoutStraightPoints(const QList<QPointF> &points)
{
    QList<QPointF> out;
    for (const QPointF &p : points) {
        if (!out.isEmpty() && QLineF(out.last(), p).length() < 0.01)
            continue;
        if (out.size() >= 2) {
            const QPointF a = out.at(out.size() - 2), b = out.last();
            const qreal cross = (b.x() - a.x()) * (p.y() - b.y()) - (b.y() - a.y()) * (p.x() - b.x());
            if (std::abs(cross) < 0.01)
                out.removeLast();
        }
        out.append(p);
    }
    return out;
}

} // namespace

bool LinkDetour::crosses(QPointF a, QPointF b, const QRectF &card)
{
    // The part of the segment inside the card (Liang–Barsky), which must have a length.
    qreal t0 = 0, t1 = 1;
    const QPointF d = b - a;
    const auto clip = [&t0, &t1](qreal p, qreal q) {
        if (std::abs(p) < 1e-12)
            return q > 1e-9; // parallel to this edge: inside only if strictly within it
        const qreal t = q / p;
        if (p < 0)
            t0 = std::max(t0, t);
        else
            t1 = std::min(t1, t);
        return t0 < t1;
    };
    if (!clip(-d.x(), a.x() - card.left()) || !clip(d.x(), card.right() - a.x()) || !clip(-d.y(), a.y() - card.top())
        || !clip(d.y(), card.bottom() - a.y()))
        return false;
    return (t1 - t0) * QLineF(a, b).length() > 0.5;
}

QList<QPointF> LinkDetour::route(QPointF from, const QRectF &fromBox, QPointF to, const QRectF &toBox,
                                 const QList<QRectF> &others)
{
    QList<QPointF> straight({from, to});
    if (std::none_of(others.begin(), others.end(), [&](const QRectF &r) { return crosses(from, to, r); }))
        return straight;
    const QPointF outA = outward(from, fromBox), outB = outward(to, toBox);
    const QPointF start = from + outA * Gap, goal = to + outB * Gap;
    // Every card is kept clear by a little less than the gap, so that the runs at the gap pass.
    QList<QRectF> blocked;
    QList<qreal> xs {start.x(), goal.x(), (start.x() + goal.x()) / 2};
    QList<qreal> ys {start.y(), goal.y(), (start.y() + goal.y()) / 2};
    for (const QRectF &card : others + QList<QRectF> {fromBox, toBox}) {
        blocked.append(card.adjusted(-Gap + 1, -Gap + 1, Gap - 1, Gap - 1));
        xs << card.left() - Gap << card.right() + Gap;
        ys << card.top() - Gap << card.bottom() + Gap;
    }
    if (std::any_of(blocked.begin(), blocked.end(),
                    [&](const QRectF &r) { return r.contains(start) || r.contains(goal); }))
        return straight; // cards too close together to go out between them
    const QList<QPointF> way =
        gridWay(sortedUnique(xs), sortedUnique(ys), start, direction(outA), goal, direction(-outB), blocked);
    if (way.isEmpty())
        return straight;
    return withoutStraightPoints(QList<QPointF> {from} + way + QList<QPointF> {to});
}

QPointF LinkDetour::middle(const QList<QPointF> &path)
{
    if (path.isEmpty())
        return {};
    if (path.size() == 2)
        return QLineF(path.first(), path.last()).center();
    qreal total = 0;
    for (qsizetype i = 1; i < path.size(); ++i)
        total += QLineF(path.at(i - 1), path.at(i)).length();
    qreal left = total / 2;
    for (qsizetype i = 1; i < path.size(); ++i) {
        const QLineF piece(path.at(i - 1), path.at(i));
        if (left <= piece.length() && piece.length() > 0)
            return piece.pointAt(left / piece.length());
        left -= piece.length();
    }
    return path.last();
}

} // namespace Labforge
