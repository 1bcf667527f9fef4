// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QDialog>

class QLabel;
class QPushButton;
class QTreeWidget;

namespace Labforge {

class LabOperations;

// Run ▸ Snapshots…: the snapshots of the lab that is up (SnapshotOps::list), and Save…, Restore
// and Delete, each a SnapshotOps call off the UI thread through LabOperations (refused with the
// reason while the lab is not up or a run holds it). Restore asks first.
class SnapshotsDialog : public QDialog
{
    Q_OBJECT
public:
    SnapshotsDialog(LabOperations *operations, QString lab, QWidget *parent = nullptr);

    enum class Act { Save, Restore, Delete };

    void refresh();
    // Starts saving, restoring or deleting snapshot `name` (no questions asked: the buttons ask).
    void act(Act what, const QString &name);
    QTreeWidget *table() const { return m_table; }
    QString stateText() const;

private:
    static QString title(Act what, const QString &name);
    QString selected() const;
    void updateButtons();

    LabOperations *m_operations;
    QString m_lab;
    QTreeWidget *m_table;
    QLabel *m_state;
    QPushButton *m_save;
    QPushButton *m_restore;
    QPushButton *m_delete;
};

} // namespace Labforge
