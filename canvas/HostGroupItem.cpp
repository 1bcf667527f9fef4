#include "HostGroupItem.h"

#include <QPainter>

namespace Labforge {

namespace {
constexpr qreal LabelHeight = 18;
}

HostGroupItem::HostGroupItem(const QString &host, const QColor &colour)
    : m_host(host)
    , m_colour(colour)
{
    setZValue(-1); // behind the lines, buses and cards
    setAcceptedMouseButtons(Qt::NoButton);
    setAcceptHoverEvents(false);
}

void HostGroupItem::set(const QRectF &cards, int nodes, const QColor &colour, const QString &detail)
{
    const QRectF frame = cards.adjusted(-Margin, -Margin - LabelHeight, Margin, Margin);
    if (frame == m_frame && nodes == m_nodes && colour == m_colour)
        return;
    prepareGeometryChange();
    m_frame = frame;
    m_nodes = nodes;
    m_colour = colour;
    setToolTip(QStringLiteral("<b>%1</b><br>%2<br>%3")
                   .arg(m_host.toHtmlEscaped(), detail.toHtmlEscaped(),
                        nodes == 1 ? tr("1 node placed here") : tr("%1 nodes placed here").arg(nodes)));
    update();
}

QRectF HostGroupItem::boundingRect() const
{
    return m_frame.adjusted(-2, -2, 2, 2);
}

void HostGroupItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *, QWidget *)
{
    painter->setRenderHint(QPainter::Antialiasing);
    QColor fill = m_colour;
    fill.setAlpha(22);
    QPen pen(m_colour, 1.5, Qt::DashLine);
    painter->setPen(pen);
    painter->setBrush(fill);
    painter->drawRoundedRect(m_frame, 12, 12);
    QFont f = painter->font();
    f.setBold(true);
    f.setPointSizeF(9);
    painter->setFont(f);
    painter->setPen(m_colour.darker(130));
    const QRectF label(m_frame.left() + 12, m_frame.top() + 3, m_frame.width() - 24, LabelHeight);
    painter->drawText(label, Qt::AlignLeft | Qt::AlignVCenter,
                      painter->fontMetrics().elidedText(m_nodes == 1 ? tr("%1 · 1 node").arg(m_host)
                                                                     : tr("%1 · %2 nodes").arg(m_host).arg(m_nodes),
                                                        Qt::ElideRight, int(label.width())));
}

} // namespace Labforge
