// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QWidget>

class QCheckBox;
class QPlainTextEdit;
class QSortFilterProxyModel;
class QTableView;

namespace Labforge {

class AssertionListModel;

// The live Assertions panel: one row per assertion (node, description, state with
// attempt count and elapsed time, duration), a "failed only" filter, and the
// evidence of the selected row (command, exit status, output) below.
class AssertionsDock : public QWidget
{
    Q_OBJECT
public:
    explicit AssertionsDock(AssertionListModel *model, QWidget *parent = nullptr);
    QTableView *table() const { return m_table; }
    QCheckBox *failedOnly() const { return m_failedOnly; }
    int visibleRows() const;

Q_SIGNALS:
    void nodeRequested(const QString &node);

private:
    void showDetails();

    AssertionListModel *m_model;
    QSortFilterProxyModel *m_filter;
    QTableView *m_table;
    QCheckBox *m_failedOnly;
    QPlainTextEdit *m_details;
};

} // namespace Labforge
