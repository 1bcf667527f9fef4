// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QGraphicsObject>
#include <QPointer>
#include <QPolygonF>

namespace Labforge {

class NodeItem;
class NetworkItem;

// One interface of a node, drawn as a line from the node to its network's bus (around
// the cards in between) and
// labelled with the interface's name in the guest (eth0 is the first) and its address.
class InterfaceItem : public QGraphicsObject
{
    Q_OBJECT
public:
    enum { Type = UserType + 2 };
    InterfaceItem(NodeItem *node, NetworkItem *network, int interfaceIndex, int interfaceCount, const QString &address);

    int type() const override { return Type; }
    NodeItem *nodeItem() const { return m_node.data(); }
    NetworkItem *networkItem() const { return m_network.data(); }
    bool isAttached() const { return m_node && m_network; }
    QString nodeId() const;
    int interfaceIndex() const { return m_index; }
    QString label() const;
    // Scene x of the line (the node's lane for this interface).
    qreal laneX() const;
    void setProblem(const QString &message);
    QString problem() const { return m_problem; }
    // Follows the node and the bus: the line is kept until the scene has been told its old
    // area (prepareGeometryChange), so what was drawn there is painted over.
    void updateGeometry();
    // The first stretch of the line, from the card (its label is written beside it).
    QLineF line() const { return m_route.size() >= 2 ? QLineF(m_route.at(0), m_route.at(1)) : QLineF(); }
    // The whole line from the card to the bus, around any other card in its way (WireRoute).
    QPolygonF route() const { return m_route; }
    // Where the interface's name and address are written beside `line`.
    QRectF labelRect(const QLineF &line) const;

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    // The area that takes a click on a drawn line (buses use it too).
    static QPainterPath strokeAround(const QLineF &line, qreal width);
    // The colour of an interface line.
    static QColor colour();
    // The colour of a line or bus: `normal`, red with a problem, dark when selected.
    static QColor stateColour(const QColor &normal, bool problem, bool selected);
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    void updateToolTip();
    QPolygonF currentRoute() const;

    // Guarded: the scene deletes a node's or network's item before it draws the lines again.
    QPointer<NodeItem> m_node;
    QPointer<NetworkItem> m_network;
    QString m_nodeId;
    int m_index;
    int m_count;
    QString m_address;
    QString m_problem;
    QPolygonF m_route;
};

} // namespace Labforge
