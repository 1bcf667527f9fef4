// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "HostGroupItem.h"

#include <QPainter>

#include <algorithm>

namespace Labforge {

namespace {
constexpr qreal LabelHeight = 16;
}

HostGroupItem::HostGroupItem(const QString &host, const QColor &colour)
    : m_host(host)
    , m_colour(colour)
{
    setZValue(-1); // behind the lines, buses and cards
    setAcceptedMouseButtons(Qt::NoButton);
    setAcceptHoverEvents(false);
}

void HostGroupItem::set(QList<QRectF> cards, const QColor &colour, const QString &detail)
{
    std::sort(cards.begin(), cards.end(), [](const QRectF &a, const QRectF &b) {
        return a.top() != b.top() ? a.top() < b.top() : a.left() < b.left();
    });
    if (cards == m_cards && colour == m_colour)
        return;
    prepareGeometryChange();
    m_cards = cards;
    m_colour = colour;
    QPainterPath area;
    area.setFillRule(Qt::WindingFill);
    for (const QRectF &card : std::as_const(cards))
        area.addRoundedRect(card.adjusted(-Margin, -Margin, Margin, Margin), 12, 12);
    m_label = QRectF();
    if (!cards.isEmpty()) {
        // A tab above the first card's halo carries the host's name.
        const QRectF first = cards.first().adjusted(-Margin, -Margin, Margin, Margin);
        m_label = QRectF(first.left(), first.top() - LabelHeight, first.width() * 0.75, LabelHeight + 12);
        area.addRoundedRect(m_label, 6, 6);
    }
    m_area = area.simplified();
    const int nodes = int(cards.size());
    setToolTip(QStringLiteral("<b>%1</b><br>%2<br>%3")
                   .arg(m_host.toHtmlEscaped(), detail.toHtmlEscaped(),
                        nodes == 1 ? tr("1 node placed here") : tr("%1 nodes placed here").arg(nodes)));
    update();
}

QRectF HostGroupItem::boundingRect() const
{
    return m_area.boundingRect().adjusted(-2, -2, 2, 2);
}

void HostGroupItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *, QWidget *)
{
    painter->setRenderHint(QPainter::Antialiasing);
    QColor fill = m_colour;
    fill.setAlpha(28);
    painter->setPen(QPen(m_colour, 1.5, Qt::DashLine));
    painter->setBrush(fill);
    painter->drawPath(m_area);
    QFont f = painter->font();
    f.setBold(true);
    f.setPointSizeF(8.5);
    painter->setFont(f);
    painter->setPen(m_colour.darker(130));
    const QRectF text(m_label.left() + 8, m_label.top(), m_label.width() - 12, LabelHeight);
    const int nodes = nodeCount();
    painter->drawText(text, Qt::AlignLeft | Qt::AlignVCenter,
                      painter->fontMetrics().elidedText(nodes == 1 ? tr("%1 · 1 node").arg(m_host)
                                                                   : tr("%1 · %2 nodes").arg(m_host).arg(nodes),
                                                        Qt::ElideRight, int(text.width())));
}

} // namespace Labforge
