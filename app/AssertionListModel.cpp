// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "AssertionListModel.h"

#include <QColor>

namespace Labforge {

AssertionListModel::AssertionListModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

void AssertionListModel::clear()
{
    beginResetModel();
    m_rows.clear();
    m_index.clear();
    m_before.clear();
    m_running.clear();
    endResetModel();
    Q_EMIT tallyChanged();
}

void AssertionListModel::apply(const RunEvent &e)
{
    const QString key = e.assertion;
    if (key.isEmpty())
        return;
    int row = m_index.value(key, -1);
    if (e.type == RunEvent::Type::AssertionStarted && row < 0) {
        AssertionResult r;
        r.scenario = key.section(QLatin1Char('/'), 0, 0);
        r.stepId = key.section(QLatin1Char('/'), 1);
        r.node = e.node;
        r.description = e.description;
        beginInsertRows({}, int(m_rows.size()), int(m_rows.size()));
        m_index.insert(key, int(m_rows.size()));
        m_rows.append(r);
        endInsertRows();
        return;
    }
    if (row < 0)
        return;
    AssertionResult &r = m_rows[row];
    switch (e.type) {
    case RunEvent::Type::AssertionAttempt:
        r.state = AssertionResult::State::Running;
        r.attempts.append(
            AssertionResult::Attempt {int(r.attempts.size()) + 1, e.time, 0, -1, false, false, {}, {}, e.message});
        if (!m_running.contains(row))
            m_running[row].start();
        break;
    case RunEvent::Type::AssertionPassed:
    case RunEvent::Type::AssertionFailed:
    case RunEvent::Type::AssertionSkipped:
        r.state = e.type == RunEvent::Type::AssertionPassed ? AssertionResult::State::Passed
            : e.type == RunEvent::Type::AssertionFailed     ? AssertionResult::State::Failed
                                                            : AssertionResult::State::Skipped;
        r.message = e.message;
        if (m_running.contains(row))
            r.durationMs = m_running.take(row).elapsed();
        Q_EMIT tallyChanged();
        break;
    default:
        return;
    }
    Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

void AssertionListModel::loadReport(const RunReport &report)
{
    beginResetModel();
    m_rows = report.results;
    m_index.clear();
    m_running.clear();
    m_before.clear();
    for (int i = 0; i < m_rows.size(); ++i)
        m_index.insert(m_rows.at(i).scenario + QLatin1Char('/') + m_rows.at(i).stepId, i);
    endResetModel();
    Q_EMIT tallyChanged();
}

void AssertionListModel::compareWith(const RunReport &before)
{
    m_before.clear();
    for (const AssertionResult &r : before.results)
        m_before.insert(r.scenario + QLatin1Char('/') + r.stepId, AssertionResult::stateName(r.state));
    Q_EMIT dataChanged(index(0, BeforeColumn), index(int(m_rows.size()) - 1, BeforeColumn));
}

QHash<QString, std::pair<int, int>> AssertionListModel::tally() const
{
    QHash<QString, std::pair<int, int>> out;
    for (const AssertionResult &r : m_rows) {
        auto &t = out[r.node];
        t.first += r.state == AssertionResult::State::Passed;
        t.second += r.state == AssertionResult::State::Failed;
    }
    return out;
}

int AssertionListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int AssertionListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant AssertionListModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const AssertionResult &r = m_rows.at(index.row());
    const QString key = r.scenario + QLatin1Char('/') + r.stepId;
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case NodeColumn:
            return r.node;
        case AssertionColumn:
            return QStringLiteral("%1: %2").arg(r.stepId, r.description);
        case StateColumn:
            if (r.state == AssertionResult::State::Running) {
                const qint64 elapsed =
                    m_running.contains(index.row()) ? m_running.value(index.row()).elapsed() / 1000 : 0;
                return tr("running (attempt %1, %2 s)").arg(r.attempts.size()).arg(elapsed);
            }
            return AssertionResult::stateName(r.state);
        case DurationColumn:
            return r.durationMs > 0 ? QStringLiteral("%1 s").arg(r.durationMs / 1000.0, 0, 'f', 1) : QString();
        case BeforeColumn: {
            const QString before = m_before.value(key);
            if (before.isEmpty())
                return QString();
            return before == AssertionResult::stateName(r.state)
                ? before
                : tr("%1 → %2").arg(before, AssertionResult::stateName(r.state));
        }
        }
    }
    if (role == Qt::ForegroundRole && (index.column() == StateColumn || index.column() == BeforeColumn)) {
        switch (r.state) {
        case AssertionResult::State::Passed:
            return QColor(0x2e, 0x7d, 0x32);
        case AssertionResult::State::Failed:
            return QColor(0xc6, 0x28, 0x28);
        case AssertionResult::State::Skipped:
            return QColor(0x8d, 0x6e, 0x63);
        default:
            return QColor(0x15, 0x65, 0xc0);
        }
    }
    if (role == Qt::ToolTipRole)
        return r.message;
    return {};
}

QVariant AssertionListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NodeColumn:
        return tr("Node");
    case AssertionColumn:
        return tr("Assertion");
    case StateColumn:
        return tr("State");
    case DurationColumn:
        return tr("Duration");
    case BeforeColumn:
        return tr("Compared run");
    }
    return {};
}

} // namespace Labforge
