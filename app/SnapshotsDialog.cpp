// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "SnapshotsDialog.h"

#include "LabOperations.h"
#include "SnapshotOps.h"

#include <QDateTime>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace Labforge {

SnapshotsDialog::SnapshotsDialog(LabOperations *operations, QString lab, QWidget *parent)
    : QDialog(parent)
    , m_operations(operations)
    , m_lab(std::move(lab))
{
    setWindowTitle(tr("Snapshots of %1").arg(m_lab));
    setObjectName(QStringLiteral("snapshotsDialog"));
    m_table = new QTreeWidget;
    m_table->setRootIsDecorated(false);
    m_table->setHeaderLabels({tr("Name"), tr("Taken"), tr("Nodes"), tr("Size"), tr("Paused"), tr("Kept")});
    m_table->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_state = new QLabel;
    m_state->setWordWrap(true);
    m_state->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    m_save = buttons->addButton(tr("Save…"), QDialogButtonBox::ActionRole);
    m_restore = buttons->addButton(tr("Restore…"), QDialogButtonBox::ActionRole);
    m_delete = buttons->addButton(tr("Delete"), QDialogButtonBox::ActionRole);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("A snapshot keeps every node's memory and disks at one instant (the lab pauses "
                                    "while they are written out). Restoring brings every node back to that instant: "
                                    "what was written since is lost.")));
    layout->itemAt(0)->widget()->setProperty("wordWrap", true);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_state);
    layout->addWidget(buttons);
    resize(640, 380);

    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_table, &QTreeWidget::itemSelectionChanged, this, &SnapshotsDialog::updateButtons);
    connect(m_save, &QPushButton::clicked, this, [this] {
        bool ok = false;
        const QString name =
            QInputDialog::getText(
                this, tr("Save Snapshot"), tr("Name:"), QLineEdit::Normal,
                QStringLiteral("snap-") + QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss")), &ok)
                .trimmed();
        if (!ok)
            return;
        if (const QString why = LabSnapshots::nameProblem(name); !why.isEmpty()) {
            m_state->setText(why);
            return;
        }
        act(Act::Save, name);
    });
    connect(m_restore, &QPushButton::clicked, this, [this] {
        const QString name = selected();
        QMessageBox box(QMessageBox::Warning, tr("Restore snapshot %1?").arg(name),
                        tr("Every node of lab %1 goes back to the instant snapshot %2 was taken. What was written "
                           "since is lost.")
                            .arg(m_lab, name),
                        QMessageBox::Cancel, this);
        QPushButton *restore = box.addButton(tr("Restore"), QMessageBox::DestructiveRole);
        box.setDefaultButton(QMessageBox::Cancel);
        box.exec();
        if (box.clickedButton() == restore)
            act(Act::Restore, name);
    });
    connect(m_delete, &QPushButton::clicked, this, [this] { act(Act::Delete, selected()); });
    refresh();
}

QString SnapshotsDialog::stateText() const
{
    return m_state->text();
}

QString SnapshotsDialog::selected() const
{
    const QList<QTreeWidgetItem *> items = m_table->selectedItems();
    return items.isEmpty() ? QString() : items.first()->text(0);
}

void SnapshotsDialog::refresh()
{
    const QString keep = selected();
    m_table->clear();
    const Outcome<SnapshotOps::Listing> listing = SnapshotOps::list(m_lab);
    if (!listing) {
        m_state->setText(listing.error().message());
    } else {
        for (const SnapshotOps::Row &e : listing->snapshots) {
            auto *item =
                new QTreeWidgetItem(m_table,
                                    {e.name, QLocale().toString(e.taken.toLocalTime(), QLocale::ShortFormat),
                                     tr("%1 (%2 running)").arg(e.nodes.size()).arg(e.running.size()),
                                     QLocale().formattedDataSize(e.bytes, 1, QLocale::DataSizeTraditionalFormat),
                                     tr("%1 s").arg(QLocale().toString(e.pausedSeconds, 'f', 1)),
                                     e.memory ? tr("memory and disks") : tr("disks")});
            item->setToolTip(2, e.nodes.join(QStringLiteral(", ")));
            if (e.name == keep)
                item->setSelected(true);
        }
        if (listing->snapshots.isEmpty() && m_state->text().isEmpty())
            m_state->setText(tr("Lab %1 has no snapshot yet.").arg(m_lab));
    }
    // Why nothing can be done now, where it is read (not only in the buttons' tooltips).
    if (const QString why = m_operations->refusal(); !why.isEmpty())
        m_state->setText(why);
    updateButtons();
}

void SnapshotsDialog::updateButtons()
{
    const QString why = m_operations->refusal();
    for (QPushButton *b : {m_save, m_restore, m_delete}) {
        b->setEnabled(why.isEmpty() && (b == m_save || !selected().isEmpty()));
        b->setToolTip(why);
    }
}

QString SnapshotsDialog::title(Act what, const QString &name)
{
    switch (what) {
    case Act::Save:
        return tr("Save snapshot %1").arg(name);
    case Act::Restore:
        return tr("Restore snapshot %1").arg(name);
    case Act::Delete:
        break;
    }
    return tr("Delete snapshot %1").arg(name);
}

void SnapshotsDialog::act(Act what, const QString &name)
{
    if (const QString why = m_operations->refusal(); !why.isEmpty()) {
        m_state->setText(why);
        return;
    }
    m_state->setText(what == Act::Restore ? tr("Restoring %1…").arg(name) : tr("%1…").arg(title(what, name)));
    for (QPushButton *b : {m_save, m_restore, m_delete})
        b->setEnabled(false);
    const QString lab = m_lab;
    const QString heading = title(what, name);
    const auto work = [what, lab, name]() -> LabOperations::Shown {
        if (what == Act::Save) {
            const Outcome<SnapshotOps::Taken> taken = SnapshotOps::take(lab, name, true);
            if (!taken)
                return LabOperations::shown(taken.error());
            const SnapshotOps::Row &row = taken->row;
            return {{},
                    tr("Snapshot %1 saved: %2 node(s), the lab paused %3 s.")
                        .arg(name)
                        .arg(row.nodes.size())
                        .arg(QLocale().toString(row.pausedSeconds, 'f', 1)),
                    taken->done.runnerWords};
        }
        const Outcome<SnapshotOps::Done> done = what == Act::Restore
            ? SnapshotOps::revert(lab, name, SnapshotOps::DefaultTimeoutSeconds, CancelToken())
            : SnapshotOps::remove(lab, name);
        if (!done)
            return LabOperations::shown(done.error());
        return {{},
                what == Act::Restore ? tr("Lab %1 is back at snapshot %2.").arg(done->lab, name)
                                     : tr("Snapshot %1 of lab %2 deleted.").arg(name, done->lab),
                done->runnerWords};
    };
    m_operations->start(heading, work, this, [this, heading](const LabOperations::Shown &shown) {
        m_state->setText(shown.errorId.isEmpty() ? shown.message : tr("%1 failed: %2").arg(heading, shown.message));
        refresh();
    });
}

} // namespace Labforge
