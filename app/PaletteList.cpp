// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "PaletteList.h"

#include "Catalog.h"
#include "LabScene.h"
#include "RoleStyle.h"

#include <QMimeData>

namespace Labforge {

PaletteList::PaletteList(QWidget *parent)
    : QListWidget(parent)
{
    setDragEnabled(true);
    setObjectName(QStringLiteral("palette"));
    for (const QString &role : Catalog::roles()) {
        auto *item = new QListWidgetItem(role);
        item->setData(Qt::UserRole, role);
        item->setToolTip(Catalog::roleSummary(role));
        QPixmap swatch(14, 14);
        swatch.fill(RoleStyle::colour(role));
        item->setIcon(QIcon(swatch));
        addItem(item);
    }
    // Every role in view, without a scroll bar, however small the window.
    setMinimumHeight(sizeHintForRow(0) * count() + 2 * frameWidth() + 2);
}

QMimeData *PaletteList::mimeData(const QList<QListWidgetItem *> &items) const
{
    auto *data = new QMimeData;
    if (!items.isEmpty())
        data->setData(QString::fromLatin1(LabScene::RoleMimeType),
                      items.first()->data(Qt::UserRole).toString().toUtf8());
    return data;
}

} // namespace Labforge
