// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "InterfaceLayer.h"

#include "InterfaceItem.h"
#include "NetworkItem.h"
#include "NodeItem.h"

#include <QGraphicsScene>
#include <QSet>

namespace Labforge {

namespace {

QStringList networkNames(const Lab &lab)
{
    QStringList names;
    for (const Network &n : lab.networks)
        names.append(n.name);
    return names;
}

QList<std::pair<QString, QList<NodeInterface>>> interfacesOf(const Lab &lab)
{
    QList<std::pair<QString, QList<NodeInterface>>> interfaces;
    for (const Node &n : lab.nodes)
        interfaces.append({n.id, n.interfaces});
    return interfaces;
}

} // namespace

InterfaceLayer::InterfaceLayer(QGraphicsScene *scene)
    : m_scene(scene)
{ }

InterfaceLayer::~InterfaceLayer()
{
    clear();
}

bool InterfaceLayer::stale(const Lab &lab) const
{
    return networkNames(lab) != m_drawnNetworks || interfacesOf(lab) != m_drawnInterfaces;
}

void InterfaceLayer::clear()
{
    qDeleteAll(m_items);
    m_items.clear();
    m_drawnNetworks.clear();
    m_drawnInterfaces.clear();
}

void InterfaceLayer::rebuild(const Lab &lab, const QHash<QString, NodeItem *> &nodes,
                             const QHash<QString, NetworkItem *> &networks)
{
    clear();
    m_drawnNetworks = networkNames(lab);
    m_drawnInterfaces = interfacesOf(lab);
    QSet<QString> seen;
    for (const Node &n : lab.nodes) {
        NodeItem *node = nodes.value(n.id);
        if (!node || seen.contains(n.id))
            continue;
        seen.insert(n.id);
        for (int i = 0; i < n.interfaces.size(); ++i) {
            NetworkItem *network = networks.value(n.interfaces.at(i).network);
            if (!network)
                continue; // an unknown network: the validator reports it on the node
            auto *item = new InterfaceItem(node, network, i, int(n.interfaces.size()), n.interfaces.at(i).ip);
            item->setVisible(m_visible);
            m_scene->addItem(item);
            m_items.append(item);
        }
    }
    // Every card is in the scene now: each line finds its way around the others.
    for (InterfaceItem *l : std::as_const(m_items))
        l->updateGeometry();
}

void InterfaceLayer::updateGeometry(const QHash<QString, NetworkItem *> &networks)
{
    // The buses reach every line that ends on them, wherever the nodes are now.
    QHash<NetworkItem *, QList<qreal>> lanes;
    for (InterfaceItem *l : std::as_const(m_items))
        lanes[l->networkItem()].append(l->laneX());
    for (NetworkItem *n : networks)
        n->setLanes(lanes.value(n));
    for (InterfaceItem *l : std::as_const(m_items))
        l->updateGeometry();
}

void InterfaceLayer::applyProblems(const Lab &lab, const QHash<QString, QString> &byPointer)
{
    for (InterfaceItem *l : std::as_const(m_items)) // only lines with a problem look their node up
        l->setProblem(byPointer.isEmpty() ? QString()
                                          : byPointer.value(QStringLiteral("/nodes/%1/interfaces/%2")
                                                                .arg(lab.nodeIndex(l->nodeId()))
                                                                .arg(l->interfaceIndex())));
}

void InterfaceLayer::setVisible(bool visible)
{
    m_visible = visible;
    for (InterfaceItem *item : std::as_const(m_items)) {
        item->setVisible(visible);
        if (!visible)
            item->setSelected(false);
    }
}

InterfaceItem *InterfaceLayer::item(const QString &node, int interfaceIndex) const
{
    for (InterfaceItem *l : m_items) {
        if (l->nodeId() == node && l->interfaceIndex() == interfaceIndex)
            return l;
    }
    return nullptr;
}

} // namespace Labforge
