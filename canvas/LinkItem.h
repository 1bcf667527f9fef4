#pragma once

#include <QGraphicsObject>

namespace Labforge {

class NodeItem;

// A drawn link between two node items. Parallel links between the same pair are
// spread apart by `lane`; ends are labelled with each node's address.
class LinkItem : public QGraphicsObject
{
    Q_OBJECT
public:
    enum { Type = UserType + 2 };
    LinkItem(int index, NodeItem *from, NodeItem *to, int lane, const QString &fromLabel, const QString &toLabel);

    int type() const override { return Type; }
    int index() const { return m_index; }
    void setProblem(const QString &message);
    void updateGeometry();

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    QLineF line() const;

    int m_index;
    NodeItem *m_from;
    NodeItem *m_to;
    int m_lane;
    QString m_fromLabel;
    QString m_toLabel;
    QString m_problem;
};

} // namespace Labforge
