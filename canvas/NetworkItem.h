// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Network.h"

#include <QGraphicsObject>

namespace Labforge {

// The canvas picture of one lab network: a bus (NetworkLayout) with its name, CIDR and
// gateway. It holds the network's name and a copy of what it draws; the document owns
// the data. Moving it moves the network's position (one undo step per drag).
class NetworkItem : public QGraphicsObject
{
    Q_OBJECT
public:
    enum { Type = UserType + 3 };
    NetworkItem(const Network &network, QPointF position);

    int type() const override { return Type; }
    QString name() const { return m_network.name; }
    const Network &network() const { return m_network; }
    void setNetwork(const Network &network, QPointF position);
    // Scene x of each line that ends on this bus: the bus reaches all of them.
    void setLanes(const QList<qreal> &lanes);
    void setProblem(const QString &message);
    QString problem() const { return m_problem; }
    // The bus in scene coordinates.
    QLineF bus() const;
    // Where the network's name and CIDR are written, left of the bus (item coordinates).
    QRectF labelRect() const;

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;
    // The colour of a bus (the export's legend shows it).
    static QColor busColour();

protected:
    QVariant itemChange(GraphicsItemChange change, const QVariant &value) override;

private:
    QLineF localBus() const;
    void updateToolTip();

    Network m_network;
    QList<qreal> m_lanes;
    QString m_problem;
};

} // namespace Labforge
