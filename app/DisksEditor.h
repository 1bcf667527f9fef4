// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "NodeSectionEditor.h"

class QComboBox;
class QSpinBox;
class QTableWidget;

namespace Labforge {

// The node's extra disks: id, size (a spin box in GiB: it cannot hold anything but a
// number), bus (a combo of the catalog's buses) and serial, sized so that the serial
// column stays in view without scrolling sideways.
class DisksEditor : public NodeSectionEditor
{
    Q_OBJECT
public:
    enum Column { Id, Size, Bus, Serial, ColumnCount };
    explicit DisksEditor(LabDocument *document, QWidget *parent = nullptr);
    QWidget *focusPointer(const QString &pointer) override;

protected:
    void refresh(const Node &node) override;

private:
    void commitDisk(QWidget *editor, const std::function<void(Disk &)> &change);
    QSpinBox *sizeEditor(int row);
    QComboBox *busEditor(int row);

    QTableWidget *m_disks;
};

} // namespace Labforge
