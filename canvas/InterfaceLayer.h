// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Lab.h"

#include <QHash>
#include <QList>

class QGraphicsScene;

namespace Labforge {

class InterfaceItem;
class NetworkItem;
class NodeItem;

// The interface lines of a lab on the canvas: one InterfaceItem from a card to its network's
// bus per interface, made again when the networks or any node's interfaces change, each bus
// reaching every line that ends on it. Shown or hidden as one layer of the view.
class InterfaceLayer
{
public:
    explicit InterfaceLayer(QGraphicsScene *scene);
    ~InterfaceLayer();
    InterfaceLayer(const InterfaceLayer &) = delete;
    InterfaceLayer &operator=(const InterfaceLayer &) = delete;

    // True when `lab`'s networks or interfaces differ from what the lines were made from.
    bool stale(const Lab &lab) const;
    void rebuild(const Lab &lab, const QHash<QString, NodeItem *> &nodes,
                 const QHash<QString, NetworkItem *> &networks);
    // The buses' lanes and every line where the cards are now (also during a drag).
    void updateGeometry(const QHash<QString, NetworkItem *> &networks);
    // Problems under /nodes/N/interfaces/I go to that line (`byPointer`: message by pointer).
    void applyProblems(const Lab &lab, const QHash<QString, QString> &byPointer);
    void clear();
    void setVisible(bool visible);
    bool isVisible() const { return m_visible; }

    QList<InterfaceItem *> items() const { return m_items; }
    InterfaceItem *item(const QString &node, int interfaceIndex) const;

private:
    QGraphicsScene *m_scene;
    QList<InterfaceItem *> m_items;
    // What the lines were made from: the networks' names and each node's interfaces.
    QStringList m_drawnNetworks;
    QList<std::pair<QString, QList<NodeInterface>>> m_drawnInterfaces;
    bool m_visible = true;
};

} // namespace Labforge
