#include "LabScene.h"
#include "RoleRegistry.h"

#include "AddLinkCommand.h"
#include "AddNodeCommand.h"
#include "Catalog.h"
#include "EditLabCommand.h"
#include "LabDocument.h"
#include "LabReader.h"
#include "LabWriter.h"
#include "LinkItem.h"
#include "MoveNodesCommand.h"
#include "NodeItem.h"
#include "NodeJoin.h"
#include "RemoveNodesCommand.h"

#include <QGraphicsSceneContextMenuEvent>
#include <QGraphicsSceneMouseEvent>
#include <QJsonArray>
#include <QJsonDocument>
#include <QKeyEvent>
#include <QMenu>
#include <QMimeData>
#include <QRegularExpression>
#include <QSet>

namespace Labforge {

LabScene::LabScene(LabDocument *document, QObject *parent)
    : QGraphicsScene(parent)
    , m_document(document)
{
    setItemIndexMethod(QGraphicsScene::BspTreeIndex);
    connect(document, &LabDocument::labReset, this, &LabScene::rebuild);
    connect(document, &LabDocument::labReplaced, this, &LabScene::syncLab);
    // Added or removed: a node with the same id may remain (the validator reports it), so
    // the items follow the document rather than the one id.
    connect(document, &LabDocument::nodeAdded, this, [this] { syncLab(); });
    connect(document, &LabDocument::nodeRemoved, this, [this] { syncLab(); });
    connect(document, &LabDocument::nodeChanged, this, &LabScene::syncNode);
    connect(document, &LabDocument::linksChanged, this, &LabScene::rebuildLinks);
    connect(document, &LabDocument::problemsChanged, this, &LabScene::applyProblems);
    rebuild();
}

void LabScene::rebuild()
{
    cancelLink();
    for (LinkItem *l : std::as_const(m_links))
        delete l;
    m_links.clear();
    m_drawnLinks.clear();
    qDeleteAll(m_nodes);
    m_nodes.clear();
    syncLab();
    applyProblems();
}

void LabScene::syncLab(const QHash<QString, QString> &renamed)
{
    const Lab &lab = m_document->lab();
    bool relink = lab.links != m_drawnLinks;
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
            // Link ends are labelled with addresses.
            relink = relink || item->node().interfaces != n.interfaces;
            item->setNode(n);
        }
    }
    if (relink) {
        rebuildLinks();
    } else {
        for (LinkItem *l : std::as_const(m_links))
            l->updateGeometry();
    }
}

void LabScene::rebuildLinks()
{
    for (LinkItem *l : std::as_const(m_links))
        delete l;
    m_links.clear();
    QHash<QString, int> lanes;
    const Lab &lab = m_document->lab();
    m_drawnLinks = lab.links;
    for (int i = 0; i < lab.links.size(); ++i) {
        const Link &link = lab.links.at(i);
        NodeItem *from = m_nodes.value(link.from);
        NodeItem *to = m_nodes.value(link.to);
        if (!from || !to || from == to)
            continue; // the validator reports these; nothing to draw
        const QString pair =
            link.from < link.to ? link.from + QLatin1Char('\n') + link.to : link.to + QLatin1Char('\n') + link.from;
        const int lane = lanes[pair]++;
        // Ends are labelled with the interface each side uses (eth0 is the first of a node).
        auto endLabel = [&](const QString &id) {
            const Node *n = lab.node(id);
            return n && n->interfaces.size() > 1 ? QStringLiteral("eth0 %1").arg(n->ip()) : QStringLiteral("eth0");
        };
        auto *item = new LinkItem(i, from, to, lane, endLabel(link.from), endLabel(link.to));
        addItem(item);
        m_links.append(item);
    }
    applyProblems();
}

void LabScene::syncNode(const QString &oldId, const QString &newId)
{
    if (oldId != newId)
        return syncLab({{oldId, newId}});
    NodeItem *item = m_nodes.value(oldId);
    const Node *node = m_document->lab().node(newId);
    if (!item || !node)
        return syncLab();
    item->setNode(*node);
    for (LinkItem *l : std::as_const(m_links))
        l->updateGeometry();
}

void LabScene::applyProblems()
{
    QHash<QString, Problems> byNode;
    QHash<int, QString> byLink;
    for (const Problem &p : m_document->problems()) {
        if (!p.nodeId.isEmpty())
            byNode[p.nodeId].append(p);
        if (p.linkIndex >= 0)
            byLink[p.linkIndex] += (byLink[p.linkIndex].isEmpty() ? QString() : QStringLiteral("\n")) + p.message;
    }
    for (auto it = m_nodes.begin(); it != m_nodes.end(); ++it)
        it.value()->setProblems(byNode.value(it.key()));
    for (LinkItem *l : std::as_const(m_links))
        l->setProblem(byLink.value(l->index()));
}

QList<LinkItem *> LabScene::linkItems() const
{
    return m_links;
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

QList<int> LabScene::selectedLinks() const
{
    QList<int> out;
    for (QGraphicsItem *item : selectedItems()) {
        if (item->type() == LinkItem::Type)
            out.append(static_cast<LinkItem *>(item)->index());
    }
    return out;
}

QRectF LabScene::contentRect() const
{
    QRectF r;
    for (NodeItem *n : m_nodes)
        r |= n->sceneBoundingRect();
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
    const Lab joined = NodeJoin::withNewNode(lab, role, snapped, m_document->validationContext(), &id);
    Lab withNode = lab;
    withNode.nodes.append(*joined.node(id));
    m_document->undoStack()->beginMacro(tr("Add node %1").arg(id));
    m_document->undoStack()->push(new AddNodeCommand(m_document, *joined.node(id)));
    if (!(joined == withNode))
        m_document->undoStack()->push(new EditLabCommand(m_document, withNode, joined, tr("Join node %1").arg(id)));
    m_document->undoStack()->endMacro();
    selectNode(id);
    return id;
}

bool LabScene::addLink(const QString &from, const QString &to)
{
    if (from == to) {
        Q_EMIT message(tr("A node cannot be linked to itself."));
        return false;
    }
    for (const Link &l : m_document->lab().links) {
        if (l.connects(from, to)) {
            Q_EMIT message(tr("%1 and %2 are already linked.").arg(from, to));
            return false;
        }
    }
    m_document->undoStack()->push(new AddLinkCommand(m_document, Link {from, to}));
    Q_EMIT message(tr("Linked %1 to %2.").arg(from, to));
    return true;
}

void LabScene::deleteSelection()
{
    const QStringList nodes = selectedNodeIds();
    const QList<int> links = selectedLinks();
    if (nodes.isEmpty() && links.isEmpty())
        return;
    m_document->undoStack()->push(new RemoveNodesCommand(m_document, nodes, links));
}

QByteArray LabScene::copySelection() const
{
    QJsonArray nodes;
    for (const QString &id : selectedNodeIds())
        nodes.append(LabWriter::toJson(*m_document->lab().node(id)));
    return QJsonDocument(QJsonObject {{QStringLiteral("labforge-nodes"), nodes}}).toJson(QJsonDocument::Compact);
}

void LabScene::paste(const QByteArray &json)
{
    const QJsonArray nodes = QJsonDocument::fromJson(json).object().value(QStringLiteral("labforge-nodes")).toArray();
    if (nodes.isEmpty())
        return;
    // Reuse the lab reader for the node objects: wrap them in a minimal lab.
    QJsonObject lab {{QStringLiteral("format"), Lab::formatString()},
                     {QStringLiteral("name"), QStringLiteral("clipboard")},
                     {QStringLiteral("networks"), QJsonArray()},
                     {QStringLiteral("nodes"), nodes}};
    const auto parsed = LabReader::read(QJsonDocument(lab).toJson());
    if (!parsed.ok()) {
        Q_EMIT message(tr("The clipboard does not hold labforge nodes."));
        return;
    }
    m_document->undoStack()->beginMacro(tr("Paste %n node(s)", nullptr, int(parsed.lab->nodes.size())));
    QStringList added;
    for (Node n : parsed.lab->nodes) {
        // A copy of compute-1 is the lab's next compute, not compute-1-2.
        if (m_document->lab().node(n.id))
            n.id = m_document->uniqueNodeId(n.id.section(QRegularExpression(QStringLiteral("-\\d+$")), 0, 0));
        n.position += QPointF(2 * NodeItem::Grid, 2 * NodeItem::Grid);
        for (NodeInterface &i : n.interfaces)
            i.ip = m_document->freeIp(i.network);
        for (Disk &d : n.disks)
            d.serial = d.serial.left(17) + QStringLiteral("_%1").arg(m_document->lab().nodes.size() % 100);
        m_document->undoStack()->push(new AddNodeCommand(m_document, n));
        added.append(n.id);
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
    if (!from.isEmpty())
        m_document->undoStack()->push(new MoveNodesCommand(m_document, from, to, true));
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
    NodeItem *node = nodeAt(event->scenePos());
    const bool linking = m_tool == Tool::Link || (event->modifiers() & Qt::ShiftModifier);
    if (event->button() == Qt::LeftButton && linking && node) {
        m_linkFrom = node->nodeId();
        const QPointF c = node->sceneBoundingRect().center();
        m_rubberLink = addLine(QLineF(c, event->scenePos()), QPen(QColor(0x21, 0x96, 0xf3), 2, Qt::DashLine));
        m_rubberLink->setZValue(2);
        return;
    }
    QGraphicsScene::mousePressEvent(event);
    m_dragStart.clear();
    for (const QString &id : selectedNodeIds())
        m_dragStart.insert(id, m_document->lab().node(id)->position);
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
    for (LinkItem *l : std::as_const(m_links))
        l->updateGeometry();
}

void LabScene::mouseReleaseEvent(QGraphicsSceneMouseEvent *event)
{
    if (m_rubberLink) {
        NodeItem *target = nodeAt(event->scenePos());
        const QString from = m_linkFrom;
        cancelLink();
        if (target)
            addLink(from, target->nodeId());
        else
            Q_EMIT message(tr("Release the link on another node to connect them."));
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
    if (!from.isEmpty())
        m_document->undoStack()->push(new MoveNodesCommand(m_document, from, to));
}

void LabScene::mouseDoubleClickEvent(QGraphicsSceneMouseEvent *event)
{
    if (NodeItem *node = nodeAt(event->scenePos()))
        Q_EMIT nodeActivated(node->nodeId());
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
    NodeItem *node = nodeAt(event->scenePos());
    if (!node || m_rubberLink) {
        QGraphicsScene::contextMenuEvent(event);
        return;
    }
    if (!node->isSelected())
        selectNode(node->nodeId());
    const QString id = node->nodeId();
    QMenu menu;
    menu.addAction(tr("Copy IP Address"), this,
                   [this, id] { Q_EMIT copyIpRequested(m_document->lab().node(id)->ip()); })
        ->setShortcut(QKeySequence(tr("Ctrl+Shift+C")));
    menu.addAction(tr("Duplicate"), this, &LabScene::duplicateSelection)->setShortcut(QKeySequence(tr("Ctrl+D")));
    menu.addAction(tr("Delete"), this, &LabScene::deleteSelection)->setShortcut(QKeySequence::Delete);
    menu.addSeparator();
    menu.addAction(tr("Properties"), this, [this, id] { Q_EMIT nodeActivated(id); });
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
