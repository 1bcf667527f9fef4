// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "AssertionsDock.h"

#include "AssertionListModel.h"

#include <QCheckBox>
#include <QHeaderView>
#include <QPlainTextEdit>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace Labforge {

AssertionsDock::AssertionsDock(AssertionListModel *model, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    m_failedOnly = new QCheckBox(tr("Failed only"));
    layout->addWidget(m_failedOnly);
    m_filter = new QSortFilterProxyModel(this);
    m_filter->setSourceModel(model);
    m_filter->setFilterKeyColumn(AssertionListModel::StateColumn);
    // Side by side: the bottom docks are wide and short, and stacked the two would ask the
    // window for height the canvas needs on a small screen.
    auto *split = new QSplitter(Qt::Horizontal);
    m_table = new QTableView;
    m_table->setObjectName(QStringLiteral("assertions"));
    m_table->setModel(m_filter);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->horizontalHeader()->setSectionResizeMode(AssertionListModel::AssertionColumn, QHeaderView::Stretch);
    m_table->verticalHeader()->hide();
    split->addWidget(m_table);
    m_details = new QPlainTextEdit;
    m_details->setReadOnly(true);
    m_details->setFont(QFont(QStringLiteral("monospace")));
    split->addWidget(m_details);
    // The list is what is read first; the evidence of the selected step gets the smaller part.
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    layout->addWidget(split);
    connect(m_failedOnly, &QCheckBox::toggled, this,
            [this](bool on) { m_filter->setFilterRegularExpression(on ? QStringLiteral("^failed$") : QString()); });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &AssertionsDock::showDetails);
    connect(m_table, &QTableView::doubleClicked, this, [this](const QModelIndex &index) {
        Q_EMIT nodeRequested(m_model->result(m_filter->mapToSource(index).row()).node);
    });
}

int AssertionsDock::visibleRows() const
{
    return m_filter->rowCount();
}

void AssertionsDock::showDetails()
{
    const QModelIndex index = m_filter->mapToSource(m_table->currentIndex());
    if (!index.isValid()) {
        m_details->clear();
        return;
    }
    const AssertionResult &r = m_model->result(index.row());
    QString text = tr("%1 on %2: %3\n").arg(r.stepId, r.node, r.message);
    if (!r.expectation.isEmpty())
        text += tr("expected: %1\n").arg(r.expectation);
    if (!r.command.isEmpty())
        text += tr("command:\n%1\n").arg(r.command);
    for (const AssertionResult::Attempt &a : r.attempts) {
        text += tr("--- attempt %1: %2").arg(a.number).arg(a.verdict);
        if (a.exitCode >= 0)
            text += tr(" (exit %1)").arg(a.exitCode);
        text += QLatin1Char('\n');
        if (!a.stdoutExcerpt.isEmpty())
            text += a.stdoutExcerpt + QLatin1Char('\n');
        if (!a.stderrExcerpt.isEmpty())
            text += tr("stderr:\n%1\n").arg(a.stderrExcerpt);
    }
    m_details->setPlainText(text);
}

} // namespace Labforge
