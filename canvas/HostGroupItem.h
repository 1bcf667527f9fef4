#pragma once

#include <QColor>
#include <QGraphicsObject>

namespace Labforge {

// The area behind the nodes placed on one host: a tinted, dashed frame in the host's colour
// around their cards, named after the host. It follows the cards (LabScene sets its frame)
// and takes no clicks, so it never gets in the way of a gesture.
class HostGroupItem : public QGraphicsObject
{
    Q_OBJECT
public:
    enum { Type = UserType + 4 };
    static constexpr qreal Margin = 18;

    HostGroupItem(const QString &host, const QColor &colour);

    int type() const override { return Type; }
    QString host() const { return m_host; }
    QColor colour() const { return m_colour; }
    QRectF frame() const { return m_frame; }
    int nodeCount() const { return m_nodes; }
    // The scene rectangle of the host's cards (the frame adds the margin and the label) and
    // how many there are; `detail` is the tooltip's second line (the URI).
    void set(const QRectF &cards, int nodes, const QColor &colour, const QString &detail);

    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    QString m_host;
    QColor m_colour;
    QRectF m_frame;
    int m_nodes = 0;
};

} // namespace Labforge
