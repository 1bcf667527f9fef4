// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QListWidget>

namespace Labforge {

// The palette: every role, dragged onto the canvas to add a node of it.
class PaletteList : public QListWidget
{
    Q_OBJECT
public:
    explicit PaletteList(QWidget *parent = nullptr);

protected:
    QMimeData *mimeData(const QList<QListWidgetItem *> &items) const override;
};

} // namespace Labforge
