// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Disk.h"
#include "NodeInterface.h"
#include "Recipe.h"

#include <QList>
#include <QPointF>

namespace Labforge {

// One machine of the lab, placed on the canvas at `position` (top-left corner
// of its box, canvas pixels).
struct Node
{
    QString id;
    QString kind = QStringLiteral("linux-build");
    QString role = QStringLiteral("generic");
    QPointF position;
    QList<NodeInterface> interfaces;
    QList<Disk> disks;
    Recipe recipe;
    QString placementHost; // placement.host: the lab host this node runs on (empty: the planner's choice)

    // The address on `network`, or the first interface's when empty.
    QString ip(const QString &network = {}) const;
    // Whether the node has an interface on `network`.
    bool isOn(const QString &network) const;

    bool operator==(const Node &) const = default;
};

} // namespace Labforge
