// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Lab.h"

#include <QHash>
#include <QPointF>

namespace Labforge {

class CanvasCommands;
class NetworkItem;
class NodeItem;

// One drag of selected cards and buses on the canvas: where they started, and at the end
// what moved, pushed as one undo step.
class DragMoves
{
public:
    void begin(const Lab &lab, const QStringList &nodes, const QStringList &networks,
               const QHash<QString, NetworkItem *> &networkItems);
    bool active() const { return !m_nodes.isEmpty() || !m_networks.isEmpty(); }
    void finish(const Lab &lab, const QHash<QString, NodeItem *> &nodeItems,
                const QHash<QString, NetworkItem *> &networkItems, CanvasCommands &commands);

private:
    QHash<QString, QPointF> m_nodes;
    QHash<QString, QPointF> m_networks;
};

} // namespace Labforge
