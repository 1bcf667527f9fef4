// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "DisksEditor.h"
#include "RowsFit.h"

#include "Catalog.h"

#include <QComboBox>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

namespace Labforge {

namespace {

constexpr int MaxDiskSizeGb = 16384; // what the validator accepts (disk.size)
const char RowProperty[] = "diskRow";

} // namespace

DisksEditor::DisksEditor(LabDocument *document, QWidget *parent)
    : NodeSectionEditor(document, parent)
{
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins({});
    auto *disks = new QGroupBox(tr("Disks"));
    outer->addWidget(disks);
    auto *diskLayout = new QVBoxLayout(disks);
    m_disks = new QTableWidget(0, ColumnCount);
    m_disks->setObjectName(QStringLiteral("disks"));
    m_disks->setHorizontalHeaderLabels({tr("Id"), tr("Size"), tr("Bus"), tr("Serial")});
    // Id, size and bus take what they need; the serial gets the rest of the width.
    QHeaderView *header = m_disks->horizontalHeader();
    header->setSectionResizeMode(Id, QHeaderView::ResizeToContents);
    header->setSectionResizeMode(Size, QHeaderView::ResizeToContents);
    header->setSectionResizeMode(Bus, QHeaderView::ResizeToContents);
    header->setSectionResizeMode(Serial, QHeaderView::Stretch);
    m_disks->verticalHeader()->hide();
    RowsFit::install(m_disks, 2, 5);
    diskLayout->addWidget(m_disks);
    auto *diskButtons = new QHBoxLayout;
    auto *addDisk = new QPushButton(tr("Add disk"));
    auto *removeDisk = new QPushButton(tr("Remove disk"));
    diskButtons->addWidget(addDisk);
    diskButtons->addWidget(removeDisk);
    diskButtons->addStretch();
    diskLayout->addLayout(diskButtons);

    connect(addDisk, &QPushButton::clicked, this, [this] {
        commit(QStringLiteral("disks"), [&](Node &n) {
            n.disks.append(Disk {QStringLiteral("data-%1").arg(n.disks.size() + 1), QStringLiteral("disk"), 10,
                                 QStringLiteral("virtio"),
                                 QStringLiteral("%1_DATA%2")
                                     .arg(n.id.toUpper().left(12).replace(QLatin1Char('-'), QLatin1Char('_')))
                                     .arg(n.disks.size() + 1)});
        });
    });
    connect(removeDisk, &QPushButton::clicked, this, [this] {
        const int row = m_disks->currentRow();
        commit(QStringLiteral("disks"), [&](Node &n) {
            if (row >= 0 && row < n.disks.size())
                n.disks.removeAt(row);
        });
    });
    connect(m_disks, &QTableWidget::cellChanged, this, [this](int row, int column) {
        if (isRefreshing() || (column != Id && column != Serial))
            return;
        const QString text = m_disks->item(row, column)->text().trimmed();
        commit(QStringLiteral("disks"), [&](Node &n) {
            if (row >= n.disks.size())
                return;
            if (column == Id)
                n.disks[row].id = text;
            else
                n.disks[row].serial = text;
        });
    });
}

void DisksEditor::commitDisk(QWidget *editor, const std::function<void(Disk &)> &change)
{
    const int row = editor->property(RowProperty).toInt();
    commit(QStringLiteral("disks"), [&](Node &n) {
        if (row >= 0 && row < n.disks.size())
            change(n.disks[row]);
    });
}

QSpinBox *DisksEditor::sizeEditor(int row)
{
    if (auto *spin = qobject_cast<QSpinBox *>(m_disks->cellWidget(row, Size)))
        return spin;
    auto *spin = new QSpinBox;
    spin->setObjectName(QStringLiteral("diskSize"));
    spin->setSuffix(tr(" GiB"));
    spin->setFrame(false);
    // Typed digits are one edit, committed with Return or on leaving the field.
    spin->setKeyboardTracking(false);
    connect(spin, &QSpinBox::valueChanged, this,
            [this, spin](int v) { commitDisk(spin, [&](Disk &d) { d.sizeGb = v; }); });
    m_disks->setCellWidget(row, Size, spin);
    return spin;
}

QComboBox *DisksEditor::busEditor(int row)
{
    if (auto *combo = qobject_cast<QComboBox *>(m_disks->cellWidget(row, Bus)))
        return combo;
    auto *combo = new QComboBox;
    combo->setObjectName(QStringLiteral("diskBus"));
    combo->setFrame(false);
    connect(combo, &QComboBox::currentTextChanged, this,
            [this, combo](const QString &bus) { commitDisk(combo, [&](Disk &d) { d.bus = bus; }); });
    m_disks->setCellWidget(row, Bus, combo);
    return combo;
}

void DisksEditor::refresh(const Node &node)
{
    m_disks->setRowCount(int(node.disks.size()));
    for (int r = 0; r < node.disks.size(); ++r) {
        const Disk &d = node.disks.at(r);
        m_disks->setItem(r, Id, new QTableWidgetItem(d.id));
        auto *serial = new QTableWidgetItem(d.serial);
        serial->setToolTip(d.serial);
        m_disks->setItem(r, Serial, serial);

        QSpinBox *size = sizeEditor(r);
        size->setProperty(RowProperty, r);
        // A size outside the allowed range is shown as the file has it; the validator names it.
        size->setRange(std::min(1, d.sizeGb), std::max(MaxDiskSizeGb, d.sizeGb));
        size->setValue(d.sizeGb);

        QComboBox *bus = busEditor(r);
        bus->setProperty(RowProperty, r);
        bus->clear();
        bus->addItems(Catalog::diskBuses());
        if (bus->findText(d.bus) < 0)
            bus->addItem(d.bus); // a bus the catalog does not know is shown as it is
        bus->setCurrentText(d.bus);
    }
}

QWidget *DisksEditor::focusPointer(const QString &pointer)
{
    if (!pointer.contains(QLatin1String("/disks")))
        return nullptr;
    m_disks->setFocus();
    return m_disks;
}

} // namespace Labforge
