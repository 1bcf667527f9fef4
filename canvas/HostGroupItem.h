// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QColor>
#include <QGraphicsObject>
#include <QPainterPath>

namespace Labforge {

// The area behind the nodes placed on one host: a tinted, dashed outline in the host's
// colour around each of its cards (joined where they are near), named after the host above
// its first card. It hugs the host's own cards, so a card of another host between them is
// never inside it. It follows the cards (LabScene sets them) and takes no clicks.
class HostGroupItem : public QGraphicsObject
{
    Q_OBJECT
public:
    enum { Type = UserType + 4 };
    static constexpr qreal Margin = 14;

    HostGroupItem(const QString &host, const QColor &colour);

    int type() const override { return Type; }
    QString host() const { return m_host; }
    QColor colour() const { return m_colour; }
    // In scene coordinates: the union of the cards' halos and the label's tab.
    QPainterPath area() const { return m_area; }
    int nodeCount() const { return int(m_cards.size()); }
    // The scene rectangles of the host's cards, top left first; `detail` is the tooltip's
    // second line (the URI).
    void set(QList<QRectF> cards, const QColor &colour, const QString &detail);

    QRectF boundingRect() const override;
    QPainterPath shape() const override { return m_area; }
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    QString m_host;
    QColor m_colour;
    QList<QRectF> m_cards;
    QPainterPath m_area;
    QRectF m_label;
};

} // namespace Labforge
