// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "DiagramExporter.h"

#include "DiagramLegend.h"
#include "LabDocument.h"
#include "LabScene.h"

#include <QImage>
#include <QPainter>
#include <QSvgGenerator>

#include <algorithm>

namespace Labforge {

namespace {

// The lab's name above the canvas, the legend below it.
void paintDiagram(QPainter *painter, LabScene *scene, const QRectF &source, const QSizeF &size)
{
    const DiagramLegend legend(scene->document()->lab());
    painter->fillRect(QRectF(QPointF(0, 0), size), Qt::white);
    legend.paintTitle(painter, size.width());
    const QRectF canvas(QPointF(0, DiagramLegend::titleHeight()), source.size());
    scene->render(painter, canvas, source);
    legend.paintLegend(painter, canvas.bottom(), size.width());
}

QSizeF diagramSize(LabScene *scene, const QRectF &source)
{
    const DiagramLegend legend(scene->document()->lab());
    const qreal width = std::max<qreal>(source.width(), 480);
    return QSizeF(width, DiagramLegend::titleHeight() + source.height() + legend.legendHeight(width));
}

} // namespace

bool DiagramExporter::exportTo(LabScene *scene, const QString &path, QString *error)
{
    scene->clearSelection();
    const QRectF source = scene->contentRect();
    const QSizeF size = diagramSize(scene, source);
    if (path.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive)) {
        QSvgGenerator svg;
        svg.setFileName(path);
        svg.setSize(size.toSize());
        svg.setViewBox(QRectF(QPointF(0, 0), size));
        svg.setTitle(scene->document()->lab().name);
        svg.setDescription(QStringLiteral("labforge lab diagram"));
        QPainter painter;
        if (!painter.begin(&svg)) {
            *error = QStringLiteral("cannot write %1").arg(path);
            return false;
        }
        paintDiagram(&painter, scene, source, size);
        painter.end();
        return true;
    }
    if (!path.endsWith(QLatin1String(".png"), Qt::CaseInsensitive)) {
        *error = QStringLiteral("%1: choose a .png or .svg file name").arg(path);
        return false;
    }
    QImage image((size * 2).toSize(), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    painter.scale(2, 2); // sharp text
    paintDiagram(&painter, scene, source, size);
    painter.end();
    if (!image.save(path)) {
        *error = QStringLiteral("cannot write %1").arg(path);
        return false;
    }
    return true;
}

} // namespace Labforge
