// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "StatusOps.h"

#include <QWidget>

class QPushButton;
class QTreeWidget;

namespace Labforge {

// The Running Labs panel: what `labforge status` shows (every recorded run with its nodes'
// state, since when, its last verdict; VMs and networks with labforge's metadata that belong
// to no run, with the command that removes them), gathered off the UI thread; Down and Open
// Report act on the selected run through the run workbench.
class RunningLabsPanel : public QWidget
{
    Q_OBJECT
public:
    explicit RunningLabsPanel(QWidget *parent = nullptr);
    // Gathers again (libvirt at the run URI of Build and Boot, and each run's hosts).
    void refresh();
    bool isGathering() const { return m_gathering; }
    QTreeWidget *tree() const { return m_tree; }

Q_SIGNALS:
    void downRequested(const QString &lab);
    void openReportRequested(const QString &directory);

private:
    void show(const StatusOps::Status &status);
    void selectionChanged();

    QTreeWidget *m_tree;
    QPushButton *m_down;
    QPushButton *m_report;
    bool m_gathering = false;
};

} // namespace Labforge
