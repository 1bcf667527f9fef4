// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "DragMoves.h"

#include "CanvasCommands.h"
#include "NetworkEdits.h"
#include "NetworkItem.h"
#include "NodeItem.h"

namespace Labforge {

void DragMoves::begin(const Lab &lab, const QStringList &nodes, const QStringList &networks,
                      const QHash<QString, NetworkItem *> &networkItems)
{
    m_nodes.clear();
    for (const QString &id : nodes)
        m_nodes.insert(id, lab.node(id)->position);
    m_networks.clear();
    for (const QString &name : networks)
        m_networks.insert(name, networkItems.value(name)->pos());
}

void DragMoves::finish(const Lab &lab, const QHash<QString, NodeItem *> &nodeItems,
                       const QHash<QString, NetworkItem *> &networkItems, CanvasCommands &commands)
{
    // Compare item positions with the model.
    QHash<QString, QPointF> from, to;
    for (auto it = m_nodes.cbegin(); it != m_nodes.cend(); ++it) {
        NodeItem *item = nodeItems.value(it.key());
        if (item && item->pos() != it.value()) {
            from.insert(it.key(), it.value());
            to.insert(it.key(), item->pos());
        }
    }
    m_nodes.clear();
    Lab moved = lab;
    for (auto it = m_networks.cbegin(); it != m_networks.cend(); ++it) {
        NetworkItem *item = networkItems.value(it.key());
        if (item && item->pos() != it.value())
            moved = NetworkEdits::moved(moved, it.key(), item->pos());
    }
    m_networks.clear();
    commands.move(from, to, moved, false);
}

} // namespace Labforge
