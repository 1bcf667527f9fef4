// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "RowsFit.h"

#include <QAbstractItemModel>
#include <QHeaderView>
#include <QScrollBar>
#include <QTableView>

namespace Labforge {

void RowsFit::install(QAbstractItemView *view, int minRows, int maxRows)
{
    new RowsFit(view, minRows, maxRows);
}

RowsFit::RowsFit(QAbstractItemView *view, int minRows, int maxRows)
    : QObject(view)
    , m_view(view)
    , m_minRows(minRows)
    , m_maxRows(maxRows)
{
    // Queued: a refresh that adds rows one by one is fitted once, and a view being destroyed
    // (its model emptied by its own destructor) is never fitted, this object going with it.
    QAbstractItemModel *model = view->model();
    for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(model, signal, this, &RowsFit::fit, Qt::QueuedConnection);
    connect(model, &QAbstractItemModel::modelReset, this, &RowsFit::fit, Qt::QueuedConnection);
    connect(model, &QAbstractItemModel::layoutChanged, this, &RowsFit::fit, Qt::QueuedConnection);
    connect(model, &QAbstractItemModel::dataChanged, this, &RowsFit::fit,
            Qt::QueuedConnection); // wrapped text grows a row
    fit();
}

int RowsFit::height(const QAbstractItemView *view, int minRows, int maxRows)
{
    const int rows = view->model()->rowCount();
    const auto *table = qobject_cast<const QTableView *>(view);
    const int standard = table ? table->verticalHeader()->defaultSectionSize() : view->fontMetrics().height() + 6;
    int h = 2 * view->frameWidth();
    // isHidden, not isVisible: a table fitted while its panel is hidden (a node's fields shown)
    // still has its header when the panel comes back.
    if (table && !table->horizontalHeader()->isHidden())
        h += table->horizontalHeader()->sizeHint().height();
    if (table && view->horizontalScrollBarPolicy() != Qt::ScrollBarAlwaysOff)
        h += view->horizontalScrollBar()->sizeHint().height(); // columns wider than the panel scroll sideways
    for (int r = 0; r < std::min(rows, maxRows); ++r)
        h += table ? table->rowHeight(r) > 0 ? table->rowHeight(r) : standard
                   : std::max(view->sizeHintForRow(r), standard);
    if (rows < minRows)
        h += (minRows - rows) * standard;
    return h;
}

void RowsFit::fit()
{
    m_view->setFixedHeight(height(m_view, m_minRows, m_maxRows));
}

} // namespace Labforge
