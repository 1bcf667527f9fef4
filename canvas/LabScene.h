// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "CanvasCommands.h"
#include "DragMoves.h"
#include "Lab.h"

#include <QGraphicsScene>
#include <QHash>
#include <QPointer>

class QMenu;

namespace Labforge {

class LabDocument;
class NodeItem;
class NetworkItem;
class InterfaceItem;
class LinkItem;
class LinkLayer;
class InterfaceLayer;
class HostGroupLayer;
class HostGroupItem;

// The canvas: mirrors the document's nodes, networks (buses), interfaces (a line from a
// node to its network) and links (a line from node to node) as items and turns mouse and
// keyboard gestures into undo commands (move, add from the palette, add a network, attach a
// node to a network, link two nodes, delete, duplicate). Tool modes: select (default) and
// link (also: drag with Shift). The interface lines and the links are layers the view
// shows or hides.
class LabScene : public QGraphicsScene
{
    Q_OBJECT
public:
    enum class Tool { Select, Link };
    enum class Layer { Interfaces, Links };
    static constexpr const char *RoleMimeType = "application/x-labforge-role";

    explicit LabScene(LabDocument *document, QObject *parent = nullptr);
    ~LabScene() override;

    LabDocument *document() const { return m_document; }
    void setTool(Tool tool);
    Tool tool() const { return m_tool; }
    NodeItem *nodeItem(const QString &id) const { return m_nodes.value(id); }
    NetworkItem *networkItem(const QString &name) const { return m_networks.value(name); }
    QList<NetworkItem *> networkItems() const { return m_networks.values(); }
    QList<InterfaceItem *> interfaceItems() const;
    InterfaceItem *interfaceItem(const QString &node, int interfaceIndex) const;
    QList<LinkItem *> linkItems() const;
    LinkItem *linkItem(const QString &a, const QString &b) const;
    QList<int> selectedLinks() const; // indexes into the lab's links
    void setLayerVisible(Layer layer, bool visible);
    bool layerVisible(Layer layer) const;
    QStringList selectedNodeIds() const;
    QStringList selectedNetworks() const;
    QList<std::pair<QString, int>> selectedInterfaces() const; // node id, interface index
    QRectF contentRect() const;
    // A lab with hosts shows each host's nodes inside a frame in the host's colour (and
    // each card a tag with its host); off, only the tags remain.
    void setHostGroupsVisible(bool visible);
    bool hostGroupsVisible() const;
    HostGroupItem *hostGroupItem(const QString &host) const;
    QList<HostGroupItem *> hostGroupItems() const;

    // Gestures as commands (also used by menus, the palette and tests).
    QString addNodeOfRole(const QString &role, QPointF position);
    // A line drawn from `from` to `to`, each a node id or a network name: a node and a
    // network give the node an interface on it; two nodes are linked over a network both
    // are on (one of them attached to a network of the other first when they share none,
    // in the same undo step). Refusals are said through message().
    bool addLink(const QString &from, const QString &to);
    QString addNetwork(QPointF position);
    void selectNetwork(const QString &name);
    // Delete (the key, Edit ▸ Delete, the context menu): asks through the commands' steps
    // question when scenario steps name a node being deleted.
    void deleteSelection();
    CanvasCommands &commands() { return m_commands; }
    void duplicateSelection();
    QByteArray copySelection() const;
    // Pasted nodes take this lab's recipe for their role unless `recipe` says keep their own.
    void paste(const QByteArray &json, NodeJoin::Recipe recipe = NodeJoin::Recipe::Labs);
    void selectNode(const QString &id);
    void nudgeSelection(QPointF delta);
    void setRunState(const QString &node, const QString &state);
    void setTally(const QString &node, int passed, int failed);
    void setRunProgress(const QString &node, double progress, const QString &text);

Q_SIGNALS:
    void message(const QString &text); // refusals and hints for the status bar
    void nodeActivated(const QString &id); // double click, or "Properties" in the context menu
    void networkActivated(const QString &name);
    void linkActivated(int index); // double click on a link, or "Properties"
    void copyIpRequested(const QString &ip);
    // A node's (or link's) context menu is about to show: what acts on the running lab goes in.
    void nodeMenuAboutToShow(const QString &id, QMenu *menu);
    void linkMenuAboutToShow(int index, QMenu *menu);
    void toolChanged(Tool tool);

protected:
    void syncNodes(const QStringList &ids); // their items follow the lab, then every line once
    void mousePressEvent(QGraphicsSceneMouseEvent *event) override;
    void mouseMoveEvent(QGraphicsSceneMouseEvent *event) override;
    void mouseReleaseEvent(QGraphicsSceneMouseEvent *event) override;
    void mouseDoubleClickEvent(QGraphicsSceneMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void contextMenuEvent(QGraphicsSceneContextMenuEvent *event) override;
    void dragEnterEvent(QGraphicsSceneDragDropEvent *event) override;
    void dragMoveEvent(QGraphicsSceneDragDropEvent *event) override;
    void dropEvent(QGraphicsSceneDragDropEvent *event) override;

private:
    void rebuild();
    void syncNetworks();
    void rebuildInterfaces();
    void updateLineGeometry();
    void syncNode(const QString &oldId, const QString &newId);
    // Brings the items in line with the document, touching only what differs: an item per
    // node id (the first node with an id; the validator reports a second), re-keyed for
    // `renamed` nodes, so unchanged nodes keep their items and their run state.
    void syncLab(const QHash<QString, QString> &renamed = {});
    void applyProblems();
    NodeItem *nodeAt(QPointF scenePos) const;
    NetworkItem *networkAt(QPointF scenePos) const;
    LinkItem *linkAt(QPointF scenePos) const;
    QString endAt(QPointF scenePos) const; // node id or network name under the point
    void cancelLink();

    LabDocument *m_document;
    CanvasCommands m_commands;
    QHash<QString, NodeItem *> m_nodes;
    QHash<QString, NetworkItem *> m_networks;
    LinkLayer *m_linkLayer;
    InterfaceLayer *m_interfaceLayer;
    HostGroupLayer *m_hostGroupLayer;
    Tool m_tool = Tool::Select;
    QGraphicsLineItem *m_rubberLink = nullptr;
    QString m_linkFrom;
    DragMoves m_drag;
};

} // namespace Labforge
