// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "DiagramLegend.h"

#include "InterfaceItem.h"
#include "Lab.h"
#include "LinkItem.h"
#include "NetworkItem.h"
#include "NodeItem.h"
#include "RoleStyle.h"

#include <QPainter>

namespace Labforge {

namespace {
constexpr qreal RowHeight = 20;
constexpr qreal ColumnWidth = 220;
constexpr qreal Margin = 12;
} // namespace

DiagramLegend::DiagramLegend(const Lab &lab)
    : m_title(lab.name)
{
    QStringList roles;
    for (const Node &n : lab.nodes) {
        if (!roles.contains(n.role))
            roles.append(n.role);
    }
    for (const QString &role : std::as_const(roles))
        m_entries.append({Entry::Kind::Role, tr("Role: %1").arg(role), RoleStyle::colour(role)});
    for (const Network &n : lab.networks)
        m_entries.append({Entry::Kind::Network, tr("Network: %1 %2").arg(n.name, n.cidr), NetworkItem::busColour()});
    m_entries.append({Entry::Kind::Link, tr("Link between nodes"), LinkItem::colour()});
    m_entries.append({Entry::Kind::Interface, tr("Interface on a network"), InterfaceItem::colour()});
}

int DiagramLegend::columns(qreal width) const
{
    return std::max(1, int((width - 2 * Margin) / ColumnWidth));
}

qreal DiagramLegend::legendHeight(qreal width) const
{
    const int rows = int((m_entries.size() + columns(width) - 1) / columns(width));
    return 2 * Margin + RowHeight * (rows + 1); // a heading row, then the entries
}

void DiagramLegend::paintTitle(QPainter *painter, qreal width) const
{
    painter->save();
    QFont f = painter->font();
    f.setPointSizeF(14);
    f.setBold(true);
    painter->setFont(f);
    painter->setPen(QColor(0x26, 0x32, 0x38));
    painter->drawText(QRectF(Margin, 0, width - 2 * Margin, titleHeight()), Qt::AlignLeft | Qt::AlignVCenter, m_title);
    painter->restore();
}

void DiagramLegend::paintLegend(QPainter *painter, qreal top, qreal width) const
{
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    QFont f = painter->font();
    f.setPointSizeF(8);
    painter->setFont(f);
    painter->setPen(QColor(0x26, 0x32, 0x38));
    painter->drawText(QRectF(Margin, top + Margin, width - 2 * Margin, RowHeight), Qt::AlignLeft | Qt::AlignVCenter,
                      tr("Legend"));
    const int perRow = columns(width);
    for (int k = 0; k < m_entries.size(); ++k) {
        const Entry &e = m_entries.at(k);
        const int column = k % perRow;
        const int row = 1 + k / perRow; // whole rows: the title takes the first
        const QPointF at(Margin + column * ColumnWidth, top + Margin + RowHeight * row);
        const QRectF sample(at.x(), at.y() + 4, 28, RowHeight - 8);
        switch (e.kind) {
        case Entry::Kind::Role:
            painter->setPen(e.colour.darker(120));
            painter->setBrush(e.colour);
            painter->drawRoundedRect(sample, 3, 3);
            break;
        case Entry::Kind::Network:
            painter->setPen(QPen(e.colour, 6, Qt::SolidLine, Qt::RoundCap));
            painter->drawLine(QLineF(sample.left() + 3, sample.center().y(), sample.right() - 3, sample.center().y()));
            break;
        case Entry::Kind::Link:
        case Entry::Kind::Interface:
            painter->setPen(QPen(e.colour, e.kind == Entry::Kind::Link ? 2.5 : 2));
            painter->drawLine(QLineF(sample.left(), sample.center().y(), sample.right(), sample.center().y()));
            break;
        }
        painter->setPen(QColor(0x45, 0x5a, 0x64));
        painter->drawText(QRectF(at.x() + 36, at.y(), ColumnWidth - 40, RowHeight), Qt::AlignLeft | Qt::AlignVCenter,
                          e.text);
    }
    painter->restore();
}

} // namespace Labforge
