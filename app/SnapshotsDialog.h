// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QDialog>

class QLabel;
class QPushButton;
class QTreeWidget;

namespace Labforge {

class LabOperations;

// Run ▸ Snapshots…: the snapshots of the lab that is up (LabSnapshots), and Save…, Restore
// and Delete, each run as `labforge snapshot` off the UI thread by LabOperations (refused
// with the reason while the lab is not up or a run holds it). Restore asks first.
class SnapshotsDialog : public QDialog
{
    Q_OBJECT
public:
    SnapshotsDialog(LabOperations *operations, QString lab, QWidget *parent = nullptr);

    void refresh();
    // Starts `labforge snapshot ACTION LAB NAME` (no questions asked: the buttons ask).
    void act(const QString &action, const QString &name);
    QTreeWidget *table() const { return m_table; }
    QString stateText() const;

private:
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
