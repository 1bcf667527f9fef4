// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QDialog>

class QLabel;
class QPushButton;
class QTreeWidget;

namespace Labforge {

// Run ▸ Runs…: the past runs of the lab (RunHistory: when, verdict, duration, steps, figures,
// host), newest first. Open loads one into the Assertions panel; Open in Browser shows its
// HTML report; two selected are set side by side (the comparison follows the selection, and
// is cleared when it is not two runs): every step's verdict and time in each, those whose
// verdict changed first.
class RunsDialog : public QDialog
{
    Q_OBJECT
public:
    RunsDialog(QString lab, QWidget *parent = nullptr);

    void refresh();
    // Compares the runs in rows `a` (earlier) and `b` (later) of the table; false when unreadable.
    bool compare(int a, int b);
    QTreeWidget *runs() const { return m_runs; }
    QTreeWidget *changes() const { return m_changes; }
    QString summary() const;

Q_SIGNALS:
    void openRequested(const QString &directory);

private:
    static QString pickTwo();
    void followSelection();
    QStringList selectedDirectories() const;
    void updateButtons();

    QString m_lab;
    QTreeWidget *m_runs;
    QTreeWidget *m_changes;
    QLabel *m_summary;
    QPushButton *m_open;
    QPushButton *m_browser;
    QPushButton *m_compare;
};

} // namespace Labforge
