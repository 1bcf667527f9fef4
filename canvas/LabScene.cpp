// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "LabScene.h"

#include "CanvasMenu.h"
#include "Catalog.h"
#include "HostGroupItem.h"
#include "HostGroupLayer.h"
#include "InterfaceItem.h"
#include "InterfaceLayer.h"
#include "LabDocument.h"
#include "LinkItem.h"
#include "LinkLayer.h"
#include "NetworkEdits.h"
#include "NetworkItem.h"
#include "NetworkLayout.h"
#include "NodeClipboard.h"
#include "NodeItem.h"
#include "ProblemPlaces.h"

#include <QGraphicsSceneContextMenuEvent>
#include <QGraphicsSceneMouseEvent>
#include <QKeyEvent>
#include <QMenu>
#include <QMimeData>
#include <QSet>

namespace Labforge {

namespace {

// The topmost shown item of type T under the point.
template<typename T>
T *topAt(const QGraphicsScene *scene, QPointF scenePos)
{
    for (QGraphicsItem *item : scene->items(scenePos)) {
        if (item->type() == T::Type && item->isVisible())
            return static_cast<T *>(item);
    }
    return nullptr;
}

// What `key` says of each selected item of type T, sorted.
template<typename T, typename Key>
auto selectedOf(const QGraphicsScene *scene, Key key)
{
    QList<std::invoke_result_t<Key, const T *>> out;
    for (QGraphicsItem *item : scene->selectedItems()) {
        if (item->type() == T::Type)
            out.append(key(static_cast<const T *>(item)));
    }
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace

LabScene::LabScene(LabDocument *document, QObject *parent)
    : QGraphicsScene(parent)
    , m_document(document)
    , m_commands(document)
    , m_linkLayer(new LinkLayer(this))
    , m_interfaceLayer(new InterfaceLayer(this))
    , m_hostGroupLayer(new HostGroupLayer(this))
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
    delete m_interfaceLayer;
    delete m_hostGroupLayer;
}

void LabScene::rebuild()
{
    cancelLink();
    m_linkLayer->clear();
    m_interfaceLayer->clear();
    qDeleteAll(m_nodes);
    m_nodes.clear();
    qDeleteAll(m_networks);
    m_networks.clear();
    m_hostGroupLayer->clear();
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
    m_linkLayer->sync(lab, m_nodes, relink);
    if (relink || m_interfaceLayer->stale(lab))
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
    m_interfaceLayer->updateGeometry(m_networks);
    m_linkLayer->updateGeometry(m_nodes);
    m_hostGroupLayer->update(m_document->lab(), m_nodes);
}

void LabScene::setHostGroupsVisible(bool visible)
{
    if (visible == m_hostGroupLayer->isVisible())
        return;
    m_hostGroupLayer->setVisible(visible);
    m_hostGroupLayer->update(m_document->lab(), m_nodes);
}

bool LabScene::hostGroupsVisible() const
{
    return m_hostGroupLayer->isVisible();
}

HostGroupItem *LabScene::hostGroupItem(const QString &host) const
{
    return m_hostGroupLayer->item(host);
}

QList<HostGroupItem *> LabScene::hostGroupItems() const
{
    return m_hostGroupLayer->items();
}

void LabScene::rebuildInterfaces()
{
    m_interfaceLayer->rebuild(m_document->lab(), m_nodes, m_networks);
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
    m_interfaceLayer->applyProblems(lab, byPointer);
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
    m_interfaceLayer->setVisible(visible);
}

bool LabScene::layerVisible(Layer layer) const
{
    return layer == Layer::Links ? m_linkLayer->isVisible() : m_interfaceLayer->isVisible();
}

QList<InterfaceItem *> LabScene::interfaceItems() const
{
    return m_interfaceLayer->items();
}

InterfaceItem *LabScene::interfaceItem(const QString &node, int interfaceIndex) const
{
    return m_interfaceLayer->item(node, interfaceIndex);
}

QStringList LabScene::selectedNodeIds() const
{
    return selectedOf<NodeItem>(this, [](const NodeItem *item) { return item->nodeId(); });
}

QStringList LabScene::selectedNetworks() const
{
    return selectedOf<NetworkItem>(this, [](const NetworkItem *item) { return item->name(); });
}

QList<std::pair<QString, int>> LabScene::selectedInterfaces() const
{
    return selectedOf<InterfaceItem>(this, [](const InterfaceItem *item) {
        return std::pair {item->nodeId(), item->interfaceIndex()};
    });
}

QRectF LabScene::contentRect() const
{
    QRectF r;
    for (NodeItem *n : m_nodes)
        r |= n->sceneBoundingRect();
    for (NetworkItem *n : m_networks)
        r |= n->sceneBoundingRect();
    for (HostGroupItem *g : m_hostGroupLayer->items())
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
    QString id = m_commands.addNode(role, position);
    selectNode(id);
    return id;
}

bool LabScene::addLink(const QString &from, const QString &to)
{
    QString text;
    const bool linked = m_commands.addLink(from, to, &text);
    Q_EMIT message(text);
    return linked;
}

QString LabScene::addNetwork(QPointF position)
{
    QString name = m_commands.addNetwork(position);
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
    QString text;
    m_commands.remove(selectedNodeIds(), selectedNetworks(), selectedInterfaces(), selectedLinks(), &text);
    if (!text.isEmpty())
        Q_EMIT message(text);
}

QByteArray LabScene::copySelection() const
{
    return NodeClipboard::encode(m_document->lab(), selectedNodeIds());
}

void LabScene::paste(const QByteArray &json, NodeJoin::Recipe recipe)
{
    QString text;
    const std::optional<QStringList> added = m_commands.paste(json, recipe, &text);
    if (!added) {
        Q_EMIT message(tr("The clipboard does not hold labforge nodes."));
        return;
    }
    if (!text.isEmpty())
        Q_EMIT message(text);
    clearSelection();
    for (const QString &id : *added) {
        if (NodeItem *item = m_nodes.value(id))
            item->setSelected(true);
    }
}

void LabScene::duplicateSelection()
{
    paste(copySelection(), NodeJoin::Recipe::Own);
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
    m_commands.move(from, to, moved, true);
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
    return topAt<NodeItem>(this, scenePos);
}

NetworkItem *LabScene::networkAt(QPointF scenePos) const
{
    return topAt<NetworkItem>(this, scenePos);
}

LinkItem *LabScene::linkAt(QPointF scenePos) const
{
    return topAt<LinkItem>(this, scenePos);
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
    m_drag.begin(m_document->lab(), selectedNodeIds(), selectedNetworks(), m_networks);
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
    if (m_drag.active())
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
    m_drag.finish(m_document->lab(), m_nodes, m_networks, m_commands); // one drag, one undo step
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
    if (event->key() == Qt::Key_Escape) { // a line being drawn is dropped, else the selection
        if (!m_rubberLink)
            return clearSelection();
        cancelLink();
        Q_EMIT message(tr("Link cancelled."));
        return;
    }
    const qreal step = (event->modifiers() & Qt::AltModifier) ? 1 : NodeItem::Grid;
    static const QHash<int, QPointF> arrows {
        {Qt::Key_Left, {-1, 0}}, {Qt::Key_Right, {1, 0}}, {Qt::Key_Up, {0, -1}}, {Qt::Key_Down, {0, 1}}};
    if (arrows.contains(event->key()))
        nudgeSelection(arrows.value(event->key()) * step);
    else
        QGraphicsScene::keyPressEvent(event);
}

void LabScene::contextMenuEvent(QGraphicsSceneContextMenuEvent *event)
{
    if (m_rubberLink)
        return QGraphicsScene::contextMenuEvent(event);
    NodeItem *node = nodeAt(event->scenePos());
    NetworkItem *network = node ? nullptr : networkAt(event->scenePos());
    LinkItem *link = node || network ? nullptr : linkAt(event->scenePos());
    QMenu menu;
    CanvasMenu::fill(&menu, this, node, network, link, event->scenePos());
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
