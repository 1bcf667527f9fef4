// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QColor>
#include <QCoreApplication>
#include <QList>
#include <QSizeF>
#include <QString>

class QPainter;

namespace Labforge {

struct Lab;

// What an exported diagram carries around the canvas: the lab's name as a title and a
// legend of what its colours and lines mean (each role's colour, each network's bus, a
// link between nodes and an interface line). Painted on any QPainter (PNG or SVG).
class DiagramLegend
{
    Q_DECLARE_TR_FUNCTIONS(Labforge::DiagramLegend)

public:
    struct Entry
    {
        enum class Kind { Role, Network, Link, Interface };
        Kind kind;
        QString text;
        QColor colour;
    };

    explicit DiagramLegend(const Lab &lab);

    QString title() const { return m_title; }
    const QList<Entry> &entries() const { return m_entries; }
    // The title's band above the diagram and the legend's below it, for a diagram `width` wide.
    static qreal titleHeight() { return 36; }
    qreal legendHeight(qreal width) const;
    void paintTitle(QPainter *painter, qreal width) const;
    // Paints the legend with its top left at (0, top).
    void paintLegend(QPainter *painter, qreal top, qreal width) const;

private:
    int columns(qreal width) const;

    QString m_title;
    QList<Entry> m_entries;
};

} // namespace Labforge
