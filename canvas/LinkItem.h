// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Link.h"

#include <QGraphicsObject>

namespace Labforge {

// A link between two nodes (the lab's links[]), drawn as a line from card to card in the
// links' own colour, apart from the grey interface lines to a network's bus, with its
// label at its middle. Its way is set by the scene (LinkLayout), which knows every link
// that leaves the same card side and every card the way must go around.
class LinkItem : public QGraphicsObject
{
    Q_OBJECT
public:
    enum { Type = UserType + 5 };
    static QColor colour();

    LinkItem(int index, const Link &link);

    int type() const override { return Type; }
    int index() const { return m_index; }
    const Link &link() const { return m_link; }
    void setProblem(const QString &message);
    QString problem() const { return m_problem; }
    // The way is kept until the scene has been told its old area, so nothing stale stays.
    void setPath(const QPolygonF &path);
    QPolygonF path() const { return m_path; }
    // From the first end to the other (the way itself when it goes straight).
    QLineF line() const;
    // Where the label is written (empty without a label).
    QRectF labelRect() const;

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    void updateToolTip();

    int m_index;
    Link m_link;
    QString m_problem;
    QPolygonF m_path;
};

} // namespace Labforge
