// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "DiagramExporter.h"

#include "LabScene.h"

#include <QImage>
#include <QPainter>
#include <QSvgGenerator>

namespace Labforge {

bool DiagramExporter::exportTo(LabScene *scene, const QString &path, QString *error)
{
    scene->clearSelection();
    const QRectF source = scene->contentRect();
    if (path.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive)) {
        QSvgGenerator svg;
        svg.setFileName(path);
        svg.setSize(source.size().toSize());
        svg.setViewBox(QRectF(QPointF(0, 0), source.size()));
        svg.setTitle(QStringLiteral("labforge lab diagram"));
        QPainter painter;
        if (!painter.begin(&svg)) {
            *error = QStringLiteral("cannot write %1").arg(path);
            return false;
        }
        painter.fillRect(QRectF(QPointF(0, 0), source.size()), Qt::white);
        scene->render(&painter, QRectF(QPointF(0, 0), source.size()), source);
        painter.end();
        return true;
    }
    if (!path.endsWith(QLatin1String(".png"), Qt::CaseInsensitive)) {
        *error = QStringLiteral("%1: choose a .png or .svg file name").arg(path);
        return false;
    }
    QImage image((source.size() * 2).toSize(), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    scene->render(&painter, QRectF(QPointF(0, 0), image.size()), source);
    painter.end();
    if (!image.save(path)) {
        *error = QStringLiteral("cannot write %1").arg(path);
        return false;
    }
    return true;
}

} // namespace Labforge
