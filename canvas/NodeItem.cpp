// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "NodeItem.h"

#include "Catalog.h"
#include "RoleStyle.h"

#include <QApplication>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

namespace Labforge {

NodeItem::NodeItem(const Node &node)
    : m_node(node)
{
    setFlags(ItemIsMovable | ItemIsSelectable | ItemSendsGeometryChanges | ItemIsFocusable);
    setAcceptHoverEvents(true);
    setPos(node.position);
    setZValue(1);
    // A card is drawn once per look (and zoom) and blitted while the view pans: its texts
    // are most of a frame's cost on a large lab (bench_canvas).
    setCacheMode(DeviceCoordinateCache);
    updateToolTip();
}

void NodeItem::setNode(const Node &node)
{
    prepareGeometryChange();
    m_node = node;
    if (pos() != node.position)
        setPos(node.position);
    updateToolTip();
    repaint();
}

void NodeItem::setProblems(const Problems &problems)
{
    m_problems = problems;
    updateToolTip();
    repaint();
}

void NodeItem::setRunState(const QString &state)
{
    m_runState = state;
    repaint();
}

void NodeItem::setRunProgress(double progress, const QString &text)
{
    if (progress == m_runProgress && text == m_runText)
        return;
    m_runProgress = progress;
    m_runText = text;
    repaint();
}

void NodeItem::setTally(int passed, int failed)
{
    m_passed = passed;
    m_failed = failed;
    repaint();
}

void NodeItem::setHostColour(const QColor &colour)
{
    if (colour == m_hostColour)
        return;
    m_hostColour = colour;
    repaint();
}

void NodeItem::repaint()
{
    // update() marks the cached picture stale for the next view that paints the card, not for
    // each view: the canvas and the Overview keep a device pixmap each, and the one painting
    // second went on showing the old card until the zoom changed. Setting the cache mode
    // again drops every view's picture.
    setCacheMode(DeviceCoordinateCache);
    update();
}

void NodeItem::updateToolTip()
{
    QString tip = QStringLiteral("<b>%1</b> (%2)<br>%3<br>%4")
                      .arg(m_node.id.toHtmlEscaped(), m_node.role.toHtmlEscaped(), m_node.ip().toHtmlEscaped(),
                           m_node.recipe.features.join(QStringLiteral(", ")).toHtmlEscaped());
    for (const Problem &p : m_problems)
        tip += QStringLiteral("<br><span style='color:%1'>%2: %3</span>")
                   .arg(p.isError() ? QStringLiteral("#c62828") : QStringLiteral("#ef6c00"),
                        p.isError() ? tr("error") : tr("warning"), p.message.toHtmlEscaped());
    if (!m_node.placementHost.isEmpty())
        tip += QStringLiteral("<br>") + tr("placed on host %1").arg(m_node.placementHost.toHtmlEscaped());
    setToolTip(tip);
}

QRectF NodeItem::boundingRect() const
{
    const QSizeF s = Catalog::nodeSize();
    return QRectF(-4, -10, s.width() + 14, s.height() + 14);
}

bool NodeItem::snapping() const
{
    return !(QApplication::keyboardModifiers() & Qt::AltModifier);
}

QVariant NodeItem::itemChange(GraphicsItemChange change, const QVariant &value)
{
    if (change == ItemSelectedHasChanged)
        repaint(); // the frame of a selected card

    if (change == ItemPositionChange && snapping() && scene() && isSelected()) {
        const QPointF p = value.toPointF();
        return QPointF(std::round(p.x() / Grid) * Grid, std::round(p.y() / Grid) * Grid);
    }
    return QGraphicsObject::itemChange(change, value);
}

void NodeItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const QSizeF s = Catalog::nodeSize();
    const QRectF box(0, 0, s.width(), s.height());
    const QColor role = RoleStyle::colour(m_node.role);
    const bool selected = option->state & QStyle::State_Selected;
    painter->setRenderHint(QPainter::Antialiasing);

    QColor border = selected ? QColor(0x21, 0x21, 0x21) : role.darker(120);
    if (m_runState == QLatin1String("failed") || m_failed > 0)
        border = QColor(0xc6, 0x28, 0x28);
    else if (m_passed > 0)
        border = QColor(0x2e, 0x7d, 0x32);
    painter->setPen(QPen(border, selected ? 3 : 2));
    painter->setBrush(QColor(0xfa, 0xfa, 0xfa));
    painter->drawRoundedRect(box, 8, 8);
    // role band and glyph
    painter->setPen(Qt::NoPen);
    painter->setBrush(role);
    painter->drawRoundedRect(QRectF(0, 0, 10, s.height()), 4, 4);
    painter->drawEllipse(QRectF(18, 10, 26, 26));
    painter->setPen(Qt::white);
    QFont f = painter->font();
    f.setBold(true);
    f.setPointSizeF(10);
    painter->setFont(f);
    painter->drawText(QRectF(18, 10, 26, 26), Qt::AlignCenter, RoleStyle::glyph(m_node.role));
    // text
    painter->setPen(QColor(0x26, 0x32, 0x38));
    f.setPointSizeF(10.5);
    painter->setFont(f);
    painter->drawText(QRectF(52, 8, s.width() - 58, 20), Qt::AlignLeft | Qt::AlignVCenter,
                      painter->fontMetrics().elidedText(m_node.id, Qt::ElideRight, int(s.width() - 58)));
    f.setBold(false);
    f.setPointSizeF(9);
    painter->setFont(f);
    painter->setPen(QColor(0x45, 0x5a, 0x64));
    painter->drawText(QRectF(52, 27, s.width() - 58, 16), Qt::AlignLeft | Qt::AlignVCenter,
                      m_node.ip().isEmpty() ? tr("no address") : m_node.ip());
    const QString summary = RoleStyle::featureSummary(m_node.recipe.features);
    painter->drawText(QRectF(14, 48, s.width() - 20, 16), Qt::AlignLeft | Qt::AlignVCenter,
                      painter->fontMetrics().elidedText(summary.isEmpty() ? m_node.role : summary, Qt::ElideRight,
                                                        int(s.width() - 20)));
    QString status = tr("%1 vCPU · %2 GB").arg(m_node.recipe.minCpu).arg(m_node.recipe.minMemoryGb);
    if (!m_node.disks.isEmpty())
        status +=
            QStringLiteral(" · ") + (m_node.disks.size() == 1 ? tr("1 disk") : tr("%1 disks").arg(m_node.disks.size()));
    if (!m_runText.isEmpty())
        status = m_runText;
    else if (!m_runState.isEmpty())
        status = m_runState;
    if (m_passed || m_failed)
        status = tr("%1 passed, %2 failed").arg(m_passed).arg(m_failed);
    painter->drawText(QRectF(14, 64, s.width() - 20, 16), Qt::AlignLeft | Qt::AlignVCenter, status);

    // run progress along the foot of the node
    if (m_runProgress > NoProgress) {
        const QRectF track(14, s.height() - 5, s.width() - 24, 3);
        painter->setPen(Qt::NoPen);
        painter->setBrush(QColor(0xe0, 0xe0, 0xe0));
        painter->drawRoundedRect(track, 2, 2);
        const bool failed = m_runState == QLatin1String("failed") || m_failed > 0;
        const QColor fill = failed ? QColor(0xc6, 0x28, 0x28)
            : m_runProgress >= 1   ? QColor(0x2e, 0x7d, 0x32)
                                   : QColor(0x15, 0x65, 0xc0);
        if (m_runProgress < 0) {
            painter->setBrush(QBrush(fill, Qt::BDiagPattern)); // busy, nothing measures it
            painter->drawRoundedRect(track, 2, 2);
        } else {
            painter->setBrush(fill);
            painter->drawRoundedRect(
                QRectF(track.topLeft(), QSizeF(track.width() * std::min(1.0, m_runProgress), track.height())), 2, 2);
        }
    }

    // host tag on the top edge, in the host's colour
    if (!m_node.placementHost.isEmpty()) {
        f.setBold(true);
        f.setPointSizeF(8);
        painter->setFont(f);
        const QString host =
            painter->fontMetrics().elidedText(m_node.placementHost, Qt::ElideRight, int(s.width() / 2));
        const QRectF tag(16, -8, painter->fontMetrics().horizontalAdvance(host) + 12, 15);
        painter->setPen(Qt::NoPen);
        painter->setBrush(m_hostColour.isValid() ? m_hostColour : QColor(0x9e, 0x9e, 0x9e));
        painter->drawRoundedRect(tag, 7, 7);
        painter->setPen(Qt::white);
        painter->drawText(tag, Qt::AlignCenter, host);
    }

    // problem badge
    int errors = 0, warnings = 0;
    for (const Problem &p : m_problems)
        (p.isError() ? errors : warnings)++;
    if (errors || warnings) {
        const QRectF badge(s.width() - 14, -8, 20, 20);
        painter->setPen(Qt::white);
        painter->setBrush(errors ? QColor(0xc6, 0x28, 0x28) : QColor(0xef, 0x6c, 0x00));
        painter->drawEllipse(badge);
        f.setBold(true);
        f.setPointSizeF(8);
        painter->setFont(f);
        painter->drawText(badge, Qt::AlignCenter, QString::number(errors ? errors : warnings));
    }
}

} // namespace Labforge
