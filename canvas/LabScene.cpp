// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "LabScene.h"
#include "RoleRegistry.h"

#include "AddNodeCommand.h"
#include "Catalog.h"
#include "EditLabCommand.h"
#include "HostGroupItem.h"
#include "HostStyle.h"
#include "InterfaceItem.h"
#include "LabDocument.h"
#include "LinkEdits.h"
#include "LinkItem.h"
#include "LinkLayer.h"
#include "MoveNodesCommand.h"
#include "NetworkEdits.h"
#include "NetworkItem.h"
#include "NetworkLayout.h"
#include "NodeClipboard.h"
#include "NodeItem.h"
#include "NodeJoin.h"
#include "ProblemPlaces.h"
#include "RemoveNodesCommand.h"

#include <QGraphicsSceneContextMenuEvent>
#include <QGraphicsSceneMouseEvent>
#include <QKeyEvent>
#include <QMenu>
#include <QMimeData>
#include <QRegularExpression>
#include <QSet>

namespace Labforge {

LabScene::LabScene(LabDocument *document, QObject *parent)
    : QGraphicsScene(parent)
    , m_document(document)
    , m_linkLayer(new LinkLayer(this))
{
    setItemIndexMethod(QGraphicsScene::BspTreeIndex);
    connect(document, &LabDocument::labReset, this, &LabScene::rebuild);
    connect(document, &LabDocument::labReplaced, this, &LabScene::syncLab);
    // Added or removed: a node with the same id may remain (the validator reports it), so
    // the items follow the document rather than the one id.
    connect(document, &LabDocument::nodeAdded, this, [this] { syncLab(); });
    connect(document, &LabDocument::nodeRemoved, this, [this] { syncLab(); });
    connect(document, &LabDocument::nodeChanged, this, &LabScene::syncNode);
    connect(document, &LabDocument::nodesMoved, this, &LabScene::syncNodes);
    connect(document, &LabDocument::problemsChanged, this, &LabScene::applyProblems);
    rebuild();
}

LabScene::~LabScene()
{
    delete m_linkLayer;
}

void LabScene::rebuild()
{
    cancelLink();
    m_linkLayer->clear();
    qDeleteAll(m_interfaces);
    m_interfaces.clear();
    m_drawnNetworks.clear();
    m_drawnInterfaces.clear();
    qDeleteAll(m_nodes);
    m_nodes.clear();
    qDeleteAll(m_networks);
    m_networks.clear();
    qDeleteAll(m_hostGroups);
    m_hostGroups.clear();
    syncLab();
    applyProblems();
}

void LabScene::syncLab(const QHash<QString, QString> &renamed)
{
    const Lab &lab = m_document->lab();
    bool relink = false;
    if (!renamed.isEmpty()) {
        // All at once, so that a swap of two ids keeps both items; a renamed item wins its
        // new id over an item still holding it.
        QHash<QString, NodeItem *> rekeyed;
        for (auto it = m_nodes.cbegin(); it != m_nodes.cend(); ++it) {
            if (renamed.contains(it.key()))
                rekeyed.insert(renamed.value(it.key()), it.value());
        }
        for (auto it = m_nodes.cbegin(); it != m_nodes.cend(); ++it) {
            if (renamed.contains(it.key()))
                continue;
            if (rekeyed.contains(it.key()))
                delete it.value();
            else
                rekeyed.insert(it.key(), it.value());
        }
        m_nodes = rekeyed;
        relink = true;
    }
    QSet<QString> ids;
    for (const Node &n : lab.nodes)
        ids.insert(n.id);
    for (auto it = m_nodes.begin(); it != m_nodes.end();) {
        if (ids.contains(it.key())) {
            ++it;
            continue;
        }
        if (m_linkFrom == it.key())
            cancelLink();
        delete it.value();
        it = m_nodes.erase(it);
        relink = true;
    }
    QSet<QString> seen;
    for (const Node &n : lab.nodes) {
        if (seen.contains(n.id))
            continue; // a duplicate id: never a second item under one key
        seen.insert(n.id);
        NodeItem *item = m_nodes.value(n.id);
        if (!item) {
            item = new NodeItem(n);
            addItem(item);
            m_nodes.insert(n.id, item);
            relink = true;
        } else if (item->node() != n) {
            item->setNode(n);
        }
    }
    syncNetworks();
    // Lines follow interfaces: made again when a network or an interface changed.
    QStringList networks;
    for (const Network &n : lab.networks)
        networks.append(n.name);
    QList<std::pair<QString, QList<NodeInterface>>> interfaces;
    for (const Node &n : lab.nodes)
        interfaces.append({n.id, n.interfaces});
    m_linkLayer->sync(lab, m_nodes, relink);
    if (relink || networks != m_drawnNetworks || interfaces != m_drawnInterfaces)
        rebuildInterfaces();
    else
        updateLineGeometry();
}

void LabScene::syncNetworks()
{
    const Lab &lab = m_document->lab();
    QSet<QString> names;
    for (int k = 0; k < lab.networks.size(); ++k) {
        const Network &net = lab.networks.at(k);
        if (names.contains(net.name))
            continue; // a duplicate name: the validator reports it, one bus is drawn
        names.insert(net.name);
        const QPointF at = NetworkLayout::position(lab, k);
        if (NetworkItem *item = m_networks.value(net.name)) {
            if (item->network() != net || item->pos() != at)
                item->setNetwork(net, at);
            continue;
        }
        auto *item = new NetworkItem(net, at);
        addItem(item);
        m_networks.insert(net.name, item);
    }
    for (auto it = m_networks.begin(); it != m_networks.end();) {
        if (names.contains(it.key())) {
            ++it;
            continue;
        }
        delete it.value();
        it = m_networks.erase(it);
    }
}

void LabScene::updateLineGeometry()
{
    // The buses reach every line that ends on them, wherever the nodes are now.
    QHash<NetworkItem *, QList<qreal>> lanes;
    for (InterfaceItem *l : std::as_const(m_interfaces))
        lanes[l->networkItem()].append(l->laneX());
    for (NetworkItem *n : std::as_const(m_networks))
        n->setLanes(lanes.value(n));
    for (InterfaceItem *l : std::as_const(m_interfaces))
        l->updateGeometry();
    m_linkLayer->updateGeometry(m_nodes);
    updateHostGroups();
}

void LabScene::setHostGroupsVisible(bool visible)
{
    if (visible == m_hostGroupsVisible)
        return;
    m_hostGroupsVisible = visible;
    updateHostGroups();
}

void LabScene::updateHostGroups()
{
    const Lab &lab = m_document->lab();
    QHash<QString, QList<QRectF>> cards;
    for (auto it = m_nodes.cbegin(); it != m_nodes.cend(); ++it) {
        const QString &host = it.value()->node().placementHost;
        it.value()->setHostColour(HostStyle::colourOf(lab, host));
        if (!host.isEmpty())
            cards[host].append(it.value()->mapRectToScene(QRectF(QPointF(0, 0), Catalog::nodeSize())));
    }
    QSet<QString> shown;
    if (m_hostGroupsVisible) {
        for (const LabHost &host : lab.hosts) {
            if (!cards.contains(host.name) || shown.contains(host.name))
                continue; // no node there yet, or a duplicate name (the validator reports it)
            shown.insert(host.name);
            HostGroupItem *group = m_hostGroups.value(host.name);
            if (!group) {
                group = new HostGroupItem(host.name, HostStyle::colourOf(lab, host.name));
                addItem(group);
                m_hostGroups.insert(host.name, group);
            }
            group->set(cards.value(host.name), HostStyle::colourOf(lab, host.name), host.uri);
        }
    }
    for (auto it = m_hostGroups.begin(); it != m_hostGroups.end();) {
        if (shown.contains(it.key())) {
            ++it;
            continue;
        }
        delete it.value();
        it = m_hostGroups.erase(it);
    }
}

void LabScene::rebuildInterfaces()
{
    qDeleteAll(m_interfaces);
    m_interfaces.clear();
    const Lab &lab = m_document->lab();
    m_drawnNetworks.clear();
    for (const Network &n : lab.networks)
        m_drawnNetworks.append(n.name);
    m_drawnInterfaces.clear();
    QSet<QString> seen;
    for (const Node &n : lab.nodes) {
        m_drawnInterfaces.append({n.id, n.interfaces});
        NodeItem *node = m_nodes.value(n.id);
        if (!node || seen.contains(n.id))
            continue;
        seen.insert(n.id);
        for (int i = 0; i < n.interfaces.size(); ++i) {
            NetworkItem *network = m_networks.value(n.interfaces.at(i).network);
            if (!network)
                continue; // an unknown network: the validator reports it on the node
            auto *item = new InterfaceItem(node, network, i, int(n.interfaces.size()), n.interfaces.at(i).ip);
            item->setVisible(m_interfacesVisible);
            addItem(item);
            m_interfaces.append(item);
        }
    }
    updateLineGeometry();
    applyProblems();
}

void LabScene::syncNode(const QString &oldId, const QString &newId)
{
    if (oldId != newId)
        return syncLab({{oldId, newId}});
    syncNodes({newId});
}

void LabScene::syncNodes(const QStringList &ids)
{
    for (const QString &id : ids) {
        NodeItem *item = m_nodes.value(id);
        const Node *node = m_document->lab().node(id);
        if (!item || !node)
            return syncLab();
        item->setNode(*node);
    }
    updateLineGeometry(); // once, however many nodes moved
}

void LabScene::applyProblems()
{
    // Problems go to the node they name, and to the line or bus their pointer is under
    // (/nodes/N/interfaces/I…, /networks/K…).
    const Lab &lab = m_document->lab();
    const ProblemPlaces places(m_document->problems());
    const QHash<QString, Problems> &byNode = places.byNode;
    const QHash<QString, QString> &byPointer = places.byPointer;
    for (auto it = m_nodes.begin(); it != m_nodes.end(); ++it)
        it.value()->setProblems(byNode.value(it.key()));
    for (InterfaceItem *l : std::as_const(m_interfaces)) // only lines with a problem look their node up
        l->setProblem(byPointer.isEmpty() ? QString()
                                          : byPointer.value(QStringLiteral("/nodes/%1/interfaces/%2")
                                                                .arg(lab.nodeIndex(l->nodeId()))
                                                                .arg(l->interfaceIndex())));
    for (int k = 0; k < lab.networks.size(); ++k) {
        if (NetworkItem *n = m_networks.value(lab.networks.at(k).name))
            n->setProblem(byPointer.value(QStringLiteral("/networks/%1").arg(k)));
    }
    m_linkLayer->applyProblems(m_document->problems());
}

QList<LinkItem *> LabScene::linkItems() const
{
    return m_linkLayer->items();
}

LinkItem *LabScene::linkItem(const QString &a, const QString &b) const
{
    return m_linkLayer->item(a, b);
}

QList<int> LabScene::selectedLinks() const
{
    return m_linkLayer->selected();
}

void LabScene::setLayerVisible(Layer layer, bool visible)
{
    if (layer == Layer::Links) {
        m_linkLayer->setVisible(visible);
        return;
    }
    m_interfacesVisible = visible;
    for (InterfaceItem *item : std::as_const(m_interfaces)) {
        item->setVisible(visible);
        if (!visible)
            item->setSelected(false);
    }
}

bool LabScene::layerVisible(Layer layer) const
{
    return layer == Layer::Links ? m_linkLayer->isVisible() : m_interfacesVisible;
}

QList<InterfaceItem *> LabScene::interfaceItems() const
{
    return m_interfaces;
}

InterfaceItem *LabScene::interfaceItem(const QString &node, int interfaceIndex) const
{
    for (InterfaceItem *l : m_interfaces) {
        if (l->nodeId() == node && l->interfaceIndex() == interfaceIndex)
            return l;
    }
    return nullptr;
}

QStringList LabScene::selectedNodeIds() const
{
    QStringList ids;
    for (QGraphicsItem *item : selectedItems()) {
        if (item->type() == NodeItem::Type)
            ids.append(static_cast<NodeItem *>(item)->nodeId());
    }
    ids.sort();
    return ids;
}

QStringList LabScene::selectedNetworks() const
{
    QStringList names;
    for (QGraphicsItem *item : selectedItems()) {
        if (item->type() == NetworkItem::Type)
            names.append(static_cast<NetworkItem *>(item)->name());
    }
    names.sort();
    return names;
}

QList<std::pair<QString, int>> LabScene::selectedInterfaces() const
{
    QList<std::pair<QString, int>> out;
    for (QGraphicsItem *item : selectedItems()) {
        if (item->type() == InterfaceItem::Type)
            out.append(
                {static_cast<InterfaceItem *>(item)->nodeId(), static_cast<InterfaceItem *>(item)->interfaceIndex()});
    }
    std::sort(out.begin(), out.end());
    return out;
}

QRectF LabScene::contentRect() const
{
    QRectF r;
    for (NodeItem *n : m_nodes)
        r |= n->sceneBoundingRect();
    for (NetworkItem *n : m_networks)
        r |= n->sceneBoundingRect();
    for (HostGroupItem *g : m_hostGroups)
        r |= g->sceneBoundingRect();
    return r.adjusted(-40, -40, 40, 40);
}

void LabScene::setTool(Tool tool)
{
    if (m_tool == tool)
        return;
    cancelLink();
    m_tool = tool;
    Q_EMIT toolChanged(tool);
}

QString LabScene::addNodeOfRole(const QString &role, QPointF position)
{
    // The node joins the lab the way its role implies (plan, shared configs, warnings),
    // all in one undo step: the node itself, then what the lab around it had to change.
    const Lab &lab = m_document->lab();
    const QPointF snapped(std::round(position.x() / NodeItem::Grid) * NodeItem::Grid,
                          std::round(position.y() / NodeItem::Grid) * NodeItem::Grid);
    QString id;
    QList<NodeJoin::LeftOff> leftOff;
    const QPointF at = NodeJoin::freePosition(lab, snapped, NodeItem::Grid);
    const Lab joined = NodeJoin::withNewNode(lab, role, at, m_document->validationContext(), &id, &leftOff);
    m_document->recordLeftOff(leftOff);
    m_document->undoStack()->beginMacro(tr("Add node %1").arg(id));
    pushJoined(joined, id);
    m_document->undoStack()->endMacro();
    selectNode(id);
    return id;
}

void LabScene::pushJoined(const Lab &joined, const QString &id)
{
    Lab withNode = m_document->lab();
    withNode.nodes.append(*joined.node(id));
    m_document->undoStack()->push(new AddNodeCommand(m_document, *joined.node(id)));
    if (!(joined == withNode))
        m_document->undoStack()->push(new EditLabCommand(m_document, withNode, joined, tr("Join node %1").arg(id)));
}

bool LabScene::addLink(const QString &from, const QString &to)
{
    const Lab &lab = m_document->lab();
    if (from == to) {
        Q_EMIT message(tr("A node cannot be linked to itself."));
        return false;
    }
    if (lab.node(from) && lab.node(to)) {
        QString why;
        const Lab after = LinkEdits::linked(lab, from, to, &why);
        if (!why.isEmpty()) {
            Q_EMIT message(tr("Cannot link %1 and %2: %3.").arg(from, to, why));
            return false;
        }
        const Link &link = after.links.constLast();
        m_document->undoStack()->push(new EditLabCommand(m_document, lab, after, tr("Link %1 and %2").arg(from, to)));
        Q_EMIT message(tr("%1 and %2 are linked over %3.").arg(from, to, link.network));
        return true;
    }
    const QString node = lab.node(from) ? from : to;
    const QString network = lab.network(from) ? from : to;
    if (!lab.node(node) || !lab.network(network)) {
        Q_EMIT message(tr("Draw a line from a node to a network (or to another node)."));
        return false;
    }
    QString why;
    const Lab after = NetworkEdits::attached(lab, node, network, &why);
    if (!why.isEmpty()) {
        Q_EMIT message(tr("Cannot attach %1 to %2: %3.").arg(node, network, why));
        return false;
    }
    const Node *joined = after.node(node);
    const NodeInterface &added = joined->interfaces.constLast();
    m_document->undoStack()->push(new EditLabCommand(m_document, lab, after, tr("Attach %1 to %2").arg(node, network)));
    Q_EMIT message(
        tr("%1: eth%2 on %3, address %4.").arg(node).arg(joined->interfaces.size() - 1).arg(network, added.ip));
    return true;
}

QString LabScene::addNetwork(QPointF position)
{
    const Lab &lab = m_document->lab();
    const QPointF snapped(std::round(position.x() / NodeItem::Grid) * NodeItem::Grid,
                          std::round(position.y() / NodeItem::Grid) * NodeItem::Grid);
    QString name;
    const Lab after = NetworkEdits::withNewNetwork(lab, snapped, &name);
    m_document->undoStack()->push(new EditLabCommand(m_document, lab, after, tr("Add network %1").arg(name)));
    selectNetwork(name);
    return name;
}

void LabScene::selectNetwork(const QString &name)
{
    clearSelection();
    if (NetworkItem *item = m_networks.value(name)) {
        item->setSelected(true);
        item->setFocus();
    }
}

void LabScene::deleteSelection()
{
    const QStringList nodes = selectedNodeIds();
    const QStringList networks = selectedNetworks();
    QList<std::pair<QString, int>> interfaces = selectedInterfaces();
    const QList<int> links = selectedLinks();
    if (nodes.isEmpty() && networks.isEmpty() && interfaces.isEmpty() && links.isEmpty())
        return;
    const Lab &lab = m_document->lab();
    Lab after = LinkEdits::withoutLinks(lab, links);
    // Later interfaces of a node first, so that the earlier indexes still hold.
    std::sort(interfaces.begin(), interfaces.end(), [](const auto &a, const auto &b) {
        return a.first != b.first ? a.first < b.first : a.second > b.second;
    });
    for (const auto &[node, index] : interfaces)
        after = NetworkEdits::detached(after, node, index);
    for (const QString &name : networks)
        after = NetworkEdits::withoutNetwork(after, name);
    const bool edits = !(after == lab);
    if (edits && !nodes.isEmpty())
        m_document->undoStack()->beginMacro(tr("Delete selection"));
    if (edits)
        m_document->undoStack()->push(new EditLabCommand(
            m_document, lab, after,
            !networks.isEmpty()        ? tr("Delete network %1").arg(networks.join(QStringLiteral(", ")))
                : interfaces.isEmpty() ? tr("Delete %n link(s)", nullptr, int(links.size()))
                                       : tr("Delete %n line(s)", nullptr, int(interfaces.size() + links.size()))));
    auto *remove = nodes.isEmpty() ? nullptr : new RemoveNodesCommand(m_document, nodes);
    if (remove)
        m_document->undoStack()->push(remove); // the stack keeps it: removedSteps() below stays valid
    if (edits && !nodes.isEmpty())
        m_document->undoStack()->endMacro();
    if (const QStringList removedSteps = remove ? remove->removedSteps() : QStringList(); !removedSteps.isEmpty())
        Q_EMIT message(tr("Deleted with the node(s): %n scenario step(s) that ran on them or on a link to them (%1). "
                          "Undo brings them back.",
                          nullptr, int(removedSteps.size()))
                           .arg(removedSteps.join(u',')));
}

QByteArray LabScene::copySelection() const
{
    return NodeClipboard::encode(m_document->lab(), selectedNodeIds());
}

void LabScene::paste(const QByteArray &json)
{
    const std::optional<QList<Node>> nodes = NodeClipboard::decode(json);
    if (!nodes) {
        Q_EMIT message(tr("The clipboard does not hold labforge nodes."));
        return;
    }
    // Each copy joins as a Palette drop does (NodeJoin): the lab's networks, free addresses and
    // serials, the Kubernetes plan and the Slurm member lists; in nearest free space.
    m_document->undoStack()->beginMacro(tr("Paste %n node(s)", nullptr, int(nodes->size())));
    QStringList added;
    for (const Node &n : *nodes) {
        const Lab &lab = m_document->lab();
        QString id;
        const QPointF at =
            NodeJoin::freePosition(lab, n.position + QPointF(2 * NodeItem::Grid, 2 * NodeItem::Grid), NodeItem::Grid);
        pushJoined(NodeJoin::withCopiedNode(lab, n, at, m_document->validationContext(), &id), id);
        added.append(id);
    }
    m_document->undoStack()->endMacro();
    clearSelection();
    for (const QString &id : added) {
        if (NodeItem *item = m_nodes.value(id))
            item->setSelected(true);
    }
}

void LabScene::duplicateSelection()
{
    paste(copySelection());
}

void LabScene::selectNode(const QString &id)
{
    clearSelection();
    if (NodeItem *item = m_nodes.value(id)) {
        item->setSelected(true);
        item->setFocus();
    }
}

void LabScene::nudgeSelection(QPointF delta)
{
    QHash<QString, QPointF> from, to;
    for (const QString &id : selectedNodeIds()) {
        const QPointF p = m_document->lab().node(id)->position;
        from.insert(id, p);
        to.insert(id, p + delta);
    }
    Lab moved = m_document->lab();
    for (const QString &name : selectedNetworks())
        moved = NetworkEdits::moved(moved, name, m_networks.value(name)->pos() + delta);
    pushMoves(from, to, moved, true);
}

void LabScene::pushMoves(const QHash<QString, QPointF> &from, const QHash<QString, QPointF> &to, const Lab &moved,
                         bool nudge)
{
    // Nodes and buses moved together are one undo step.
    const Lab &lab = m_document->lab();
    const bool networks = !(moved == lab);
    if (networks && !from.isEmpty())
        m_document->undoStack()->beginMacro(tr("Move selection"));
    if (networks)
        m_document->undoStack()->push(new EditLabCommand(m_document, lab, moved, tr("Move network")));
    if (!from.isEmpty())
        m_document->undoStack()->push(new MoveNodesCommand(m_document, from, to, nudge));
    if (networks && !from.isEmpty())
        m_document->undoStack()->endMacro();
}

void LabScene::setRunState(const QString &node, const QString &state)
{
    if (NodeItem *item = m_nodes.value(node))
        item->setRunState(state);
}

void LabScene::setTally(const QString &node, int passed, int failed)
{
    if (NodeItem *item = m_nodes.value(node))
        item->setTally(passed, failed);
}

void LabScene::setRunProgress(const QString &node, double progress, const QString &text)
{
    if (NodeItem *item = m_nodes.value(node))
        item->setRunProgress(progress, text);
}

NodeItem *LabScene::nodeAt(QPointF scenePos) const
{
    for (QGraphicsItem *item : items(scenePos)) {
        if (item->type() == NodeItem::Type)
            return static_cast<NodeItem *>(item);
    }
    return nullptr;
}

NetworkItem *LabScene::networkAt(QPointF scenePos) const
{
    for (QGraphicsItem *item : items(scenePos)) {
        if (item->type() == NetworkItem::Type)
            return static_cast<NetworkItem *>(item);
    }
    return nullptr;
}

LinkItem *LabScene::linkAt(QPointF scenePos) const
{
    for (QGraphicsItem *item : items(scenePos)) {
        if (item->type() == LinkItem::Type && item->isVisible())
            return static_cast<LinkItem *>(item);
    }
    return nullptr;
}

QString LabScene::endAt(QPointF scenePos) const
{
    if (NodeItem *node = nodeAt(scenePos))
        return node->nodeId();
    if (NetworkItem *network = networkAt(scenePos))
        return network->name();
    return {};
}

void LabScene::cancelLink()
{
    delete m_rubberLink;
    m_rubberLink = nullptr;
    m_linkFrom.clear();
}

void LabScene::mousePressEvent(QGraphicsSceneMouseEvent *event)
{
    if (m_rubberLink && event->button() == Qt::RightButton) {
        cancelLink();
        Q_EMIT message(tr("Link cancelled."));
        return;
    }
    const QString end = endAt(event->scenePos());
    const bool linking = m_tool == Tool::Link || (event->modifiers() & Qt::ShiftModifier);
    if (event->button() == Qt::LeftButton && linking && !end.isEmpty()) {
        m_linkFrom = end;
        m_rubberLink =
            addLine(QLineF(event->scenePos(), event->scenePos()), QPen(QColor(0x21, 0x96, 0xf3), 2, Qt::DashLine));
        m_rubberLink->setZValue(2);
        return;
    }
    QGraphicsScene::mousePressEvent(event);
    m_dragStart.clear();
    for (const QString &id : selectedNodeIds())
        m_dragStart.insert(id, m_document->lab().node(id)->position);
    m_networkDragStart.clear();
    for (const QString &name : selectedNetworks())
        m_networkDragStart.insert(name, m_networks.value(name)->pos());
}

void LabScene::mouseMoveEvent(QGraphicsSceneMouseEvent *event)
{
    if (m_rubberLink) {
        QLineF l = m_rubberLink->line();
        l.setP2(event->scenePos());
        m_rubberLink->setLine(l);
        return;
    }
    QGraphicsScene::mouseMoveEvent(event);
    if (!m_dragStart.isEmpty() || !m_networkDragStart.isEmpty())
        updateLineGeometry();
}

void LabScene::mouseReleaseEvent(QGraphicsSceneMouseEvent *event)
{
    if (m_rubberLink) {
        const QString target = endAt(event->scenePos());
        const QString from = m_linkFrom;
        cancelLink();
        if (!target.isEmpty())
            addLink(from, target);
        else
            Q_EMIT message(tr("Release the line on a network (or a node) to connect them."));
        return;
    }
    QGraphicsScene::mouseReleaseEvent(event);
    // One drag, one undo step: compare item positions with the model.
    QHash<QString, QPointF> from, to;
    for (auto it = m_dragStart.begin(); it != m_dragStart.end(); ++it) {
        NodeItem *item = m_nodes.value(it.key());
        if (item && item->pos() != it.value()) {
            from.insert(it.key(), it.value());
            to.insert(it.key(), item->pos());
        }
    }
    m_dragStart.clear();
    Lab moved = m_document->lab();
    for (auto it = m_networkDragStart.begin(); it != m_networkDragStart.end(); ++it) {
        NetworkItem *item = m_networks.value(it.key());
        if (item && item->pos() != it.value())
            moved = NetworkEdits::moved(moved, it.key(), item->pos());
    }
    m_networkDragStart.clear();
    pushMoves(from, to, moved, false);
}

void LabScene::mouseDoubleClickEvent(QGraphicsSceneMouseEvent *event)
{
    if (NodeItem *node = nodeAt(event->scenePos()))
        Q_EMIT nodeActivated(node->nodeId());
    else if (NetworkItem *network = networkAt(event->scenePos()))
        Q_EMIT networkActivated(network->name());
    else if (LinkItem *link = linkAt(event->scenePos()))
        Q_EMIT linkActivated(link->index());
    QGraphicsScene::mouseDoubleClickEvent(event);
}

void LabScene::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Escape && m_rubberLink) {
        cancelLink();
        Q_EMIT message(tr("Link cancelled."));
        return;
    }
    const qreal step = (event->modifiers() & Qt::AltModifier) ? 1 : NodeItem::Grid;
    switch (event->key()) {
    case Qt::Key_Left:
        nudgeSelection(QPointF(-step, 0));
        return;
    case Qt::Key_Right:
        nudgeSelection(QPointF(step, 0));
        return;
    case Qt::Key_Up:
        nudgeSelection(QPointF(0, -step));
        return;
    case Qt::Key_Down:
        nudgeSelection(QPointF(0, step));
        return;
    default:
        QGraphicsScene::keyPressEvent(event);
    }
}

void LabScene::contextMenuEvent(QGraphicsSceneContextMenuEvent *event)
{
    if (m_rubberLink)
        return QGraphicsScene::contextMenuEvent(event);
    NodeItem *node = nodeAt(event->scenePos());
    NetworkItem *network = node ? nullptr : networkAt(event->scenePos());
    LinkItem *link = node || network ? nullptr : linkAt(event->scenePos());
    QMenu menu;
    if (link) {
        const int index = link->index();
        if (!link->isSelected()) {
            clearSelection();
            link->setSelected(true);
        }
        menu.addAction(tr("Delete Link"), this, &LabScene::deleteSelection)->setShortcut(QKeySequence::Delete);
        menu.addSeparator();
        menu.addAction(tr("Properties"), this, [this, index] { Q_EMIT linkActivated(index); });
        Q_EMIT linkMenuAboutToShow(index, &menu);
    } else if (network) {
        const QString name = network->name();
        if (!network->isSelected())
            selectNetwork(name);
        menu.addAction(tr("Delete Network"), this, &LabScene::deleteSelection)->setShortcut(QKeySequence::Delete);
        menu.addSeparator();
        menu.addAction(tr("Properties"), this, [this, name] { Q_EMIT networkActivated(name); });
    } else if (node) {
        if (!node->isSelected())
            selectNode(node->nodeId());
        const QString id = node->nodeId();
        menu.addAction(tr("Copy IP Address"), this,
                       [this, id] { Q_EMIT copyIpRequested(m_document->lab().node(id)->ip()); })
            ->setShortcut(QKeySequence(tr("Ctrl+Shift+C")));
        QMenu *linkTo = menu.addMenu(tr("Link To"));
        for (const Node &other : m_document->lab().nodes) {
            if (other.id == id)
                continue;
            QAction *a = linkTo->addAction(other.id, this, [this, id, other = other.id] { addLink(id, other); });
            a->setEnabled(m_document->lab().linkIndex(id, other.id) < 0);
        }
        linkTo->setEnabled(m_document->lab().nodes.size() > 1);
        QMenu *attach = menu.addMenu(tr("Add Interface On"));
        for (const Network &net : m_document->lab().networks) {
            QString why;
            NetworkEdits::attached(m_document->lab(), id, net.name, &why);
            QAction *a = attach->addAction(QStringLiteral("%1 (%2)").arg(net.name, net.cidr), this,
                                           [this, id, name = net.name] { addLink(id, name); });
            a->setEnabled(why.isEmpty());
        }
        attach->setEnabled(!m_document->lab().networks.isEmpty());
        menu.addAction(tr("Duplicate"), this, &LabScene::duplicateSelection)->setShortcut(QKeySequence(tr("Ctrl+D")));
        menu.addAction(tr("Delete"), this, &LabScene::deleteSelection)->setShortcut(QKeySequence::Delete);
        menu.addSeparator();
        menu.addAction(tr("Properties"), this, [this, id] { Q_EMIT nodeActivated(id); });
        Q_EMIT nodeMenuAboutToShow(id, &menu);
    } else {
        const QPointF at = event->scenePos();
        menu.addAction(tr("Add Network Here"), this, [this, at] { addNetwork(at); });
    }
    menu.exec(event->screenPos());
}

void LabScene::dragEnterEvent(QGraphicsSceneDragDropEvent *event)
{
    if (event->mimeData()->hasFormat(QString::fromLatin1(RoleMimeType)))
        event->acceptProposedAction();
}

void LabScene::dragMoveEvent(QGraphicsSceneDragDropEvent *event)
{
    if (event->mimeData()->hasFormat(QString::fromLatin1(RoleMimeType)))
        event->acceptProposedAction();
}

void LabScene::dropEvent(QGraphicsSceneDragDropEvent *event)
{
    const QString role = QString::fromUtf8(event->mimeData()->data(QString::fromLatin1(RoleMimeType)));
    if (!Catalog::roles().contains(role))
        return;
    const QSizeF s = Catalog::nodeSize();
    addNodeOfRole(role, event->scenePos() - QPointF(s.width() / 2, s.height() / 2));
    event->acceptProposedAction();
}

} // namespace Labforge
