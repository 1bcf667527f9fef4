#pragma once

#include "Link.h"

#include <QGraphicsScene>
#include <QHash>
#include <QPointer>

namespace Labforge {

class LabDocument;
class NodeItem;
class LinkItem;

// The canvas: mirrors the document's nodes and links as items and turns mouse and
// keyboard gestures into undo commands (move, add from the palette, link, delete,
// duplicate). Tool modes: select (default) and link (also: drag with Shift).
class LabScene : public QGraphicsScene
{
    Q_OBJECT
public:
    enum class Tool { Select, Link };
    static constexpr const char *RoleMimeType = "application/x-labforge-role";

    explicit LabScene(LabDocument *document, QObject *parent = nullptr);

    void setTool(Tool tool);
    Tool tool() const { return m_tool; }
    NodeItem *nodeItem(const QString &id) const { return m_nodes.value(id); }
    QList<LinkItem *> linkItems() const;
    QStringList selectedNodeIds() const;
    QList<int> selectedLinks() const;
    QRectF contentRect() const;

    // Gestures as commands (also used by menus, the palette and tests).
    QString addNodeOfRole(const QString &role, QPointF position);
    bool addLink(const QString &from, const QString &to);
    void deleteSelection();
    void duplicateSelection();
    QByteArray copySelection() const;
    void paste(const QByteArray &json);
    void selectNode(const QString &id);
    void nudgeSelection(QPointF delta);
    void setRunState(const QString &node, const QString &state);
    void setTally(const QString &node, int passed, int failed);
    void setRunProgress(const QString &node, double progress, const QString &text);

Q_SIGNALS:
    void message(const QString &text); // refusals and hints for the status bar
    void nodeActivated(const QString &id); // double click, or "Properties" in the context menu
    void copyIpRequested(const QString &ip);
    void toolChanged(Tool tool);

protected:
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
    void rebuildLinks();
    void syncNode(const QString &oldId, const QString &newId);
    // Brings the items in line with the document, touching only what differs: an item per
    // node id (the first node with an id; the validator reports a second), re-keyed for
    // `renamed` nodes, so unchanged nodes keep their items and their run state.
    void syncLab(const QHash<QString, QString> &renamed = {});
    void applyProblems();
    NodeItem *nodeAt(QPointF scenePos) const;
    void cancelLink();

    LabDocument *m_document;
    QHash<QString, NodeItem *> m_nodes;
    QList<LinkItem *> m_links;
    QList<Link> m_drawnLinks; // what m_links were made from
    Tool m_tool = Tool::Select;
    QGraphicsLineItem *m_rubberLink = nullptr;
    QString m_linkFrom;
    QHash<QString, QPointF> m_dragStart;
};

} // namespace Labforge
