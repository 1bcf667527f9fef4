// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "AssertionResult.h"
#include "RunEvent.h"
#include "RunReport.h"

#include <QAbstractTableModel>
#include <QElapsedTimer>
#include <QHash>

namespace Labforge {

// The rows of the Assertions dock: filled live from runner events, or from a kept
// report; can compare against another report of the same lab (pass↔fail changes).
class AssertionListModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { NodeColumn, AssertionColumn, StateColumn, DurationColumn, BeforeColumn, ColumnCount };

    explicit AssertionListModel(QObject *parent = nullptr);

    void clear();
    void apply(const RunEvent &event);
    void loadReport(const RunReport &report);
    void compareWith(const RunReport &before);
    const AssertionResult &result(int row) const { return m_rows.at(row); }
    int rowOf(const QString &key) const { return m_index.value(key, -1); }
    // Passed and failed counts per node, for the canvas badges.
    QHash<QString, std::pair<int, int>> tally() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

Q_SIGNALS:
    void tallyChanged();

private:
    QList<AssertionResult> m_rows;
    QHash<QString, int> m_index; // "scenario/step" -> row
    QHash<QString, QString> m_before; // "scenario/step" -> state name in the compared report
    QHash<int, QElapsedTimer> m_running;
};

} // namespace Labforge
