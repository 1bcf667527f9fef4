// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Lab.h"

#include <QPointF>

namespace Labforge {

// Edits of a lab's networks and of the interfaces that attach nodes to them, as the
// designer makes them (a new network on the canvas, a line drawn from a node to a
// network, a line or a network deleted). Each returns the edited lab; the designer
// pushes it as one undo step. What cannot be done is refused with the reason, the lab
// left as it is.
class NetworkEdits
{
public:
    // Where a new bus wanted at `wanted` goes: there, or the nearest place below it where it
    // crosses no card and lies on no other bus.
    static QPointF freeBusPosition(const Lab &lab, QPointF wanted);
    // A new network at `position` (moved to free space: freeBusPosition): "net-N" (the first N from the lab's count on
    // that is free), the first /24 of the lab's first network's /16 (else 10.100.0.0/16) that overlaps no lab network
    // and neither Kubernetes subnet, its .1 as gateway.
    static Lab withNewNetwork(const Lab &lab, QPointF position, QString *name);
    // `node` with one more interface, on `network`, at its next free address.
    static Lab attached(const Lab &lab, const QString &node, const QString &network, QString *why);
    // `node` without its interface `index` (the later ones move up: eth2 becomes eth1).
    static Lab detached(const Lab &lab, const QString &node, int index);
    // Network `index` called `name`, every interface and link on it following. Refused (the lab as
    // it is, the reason in *why) when `name` is not a valid network name or another network
    // has it: a duplicate would merge two networks' interfaces, and renaming one of them back
    // would take both networks' interfaces with it. In a lab that already names two networks
    // alike (a file with that error) only this one is renamed, and the interfaces, which
    // cannot say which of the two they meant, stay on the old name.
    static Lab renamed(const Lab &lab, int index, const QString &name, QString *why);
    // Without the network, every interface on it and every link over it.
    static Lab withoutNetwork(const Lab &lab, const QString &network);
    // The network drawn at `position`.
    static Lab moved(const Lab &lab, const QString &network, QPointF position);
    // The network of `node` that `other` is not on yet and is the first of `other`'s
    // networks that `node` is not on: what a line drawn from one node to another means.
    static QString networkToJoin(const Lab &lab, const QString &node, const QString &other);
};

} // namespace Labforge
