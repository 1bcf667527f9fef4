// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "ProblemsList.h"

#include "EditLabCommand.h"
#include "LabDocument.h"
#include "PlainText.h"
#include "ProblemCount.h"

#include <QHeaderView>
#include <QMenu>

namespace Labforge {

ProblemsList::ProblemsList(LabDocument *document, QWidget *parent)
    : QTreeWidget(parent)
    , m_document(document)
{
    setObjectName(QStringLiteral("problems"));
    setHeaderLabels({tr("Severity"), tr("Rule"), tr("Where"), tr("Problem")});
    setRootIsDecorated(false);
    header()->setStretchLastSection(true);
    // Severity, rule and place are read whole; the message takes what is left.
    for (int column : {0, 1, 2})
        header()->setSectionResizeMode(column, QHeaderView::ResizeToContents);
    connect(this, &QTreeWidget::itemActivated, this,
            [this](QTreeWidgetItem *item) { Q_EMIT problemActivated(indexOfTopLevelItem(item)); });
    connect(this, &QTreeWidget::itemClicked, this,
            [this](QTreeWidgetItem *item) { Q_EMIT problemActivated(indexOfTopLevelItem(item)); });
    setContextMenuPolicy(Qt::CustomContextMenu);
    connect(this, &QWidget::customContextMenuRequested, this, &ProblemsList::showMenu);
    connect(m_document, &LabDocument::problemsChanged, this, &ProblemsList::refresh);
    refresh();
}

QString ProblemsList::summary() const
{
    return ProblemCount::text(m_document->problems());
}

std::optional<ProblemFix::Fix> ProblemsList::problemFix(int row) const
{
    if (row < 0 || row >= m_document->problems().size())
        return std::nullopt;
    return ProblemFix::of(m_document->lab(), m_document->problems().at(row), m_document->validationContext());
}

bool ProblemsList::fixProblem(int row)
{
    const auto fix = problemFix(row);
    if (!fix)
        return false;
    m_document->undoStack()->push(new EditLabCommand(m_document, m_document->lab(), fix->lab, fix->label));
    Q_EMIT message(fix->label);
    return true;
}

void ProblemsList::refresh()
{
    clear();
    for (const Problem &p : m_document->problems()) {
        auto *item = new QTreeWidgetItem(
            {p.isError() ? tr("error") : tr("warning"), p.rule, p.nodeId.isEmpty() ? p.pointer : p.nodeId, p.message});
        item->setForeground(0, p.isError() ? QColor(0xc6, 0x28, 0x28) : QColor(0xef, 0x6c, 0x00));
        item->setToolTip(3, PlainText::toolTip(p.message));
        item->setToolTip(2, PlainText::toolTip(p.pointer));
        item->setData(2, Qt::UserRole, p.pointer);
        addTopLevelItem(item);
    }
    Q_EMIT refreshed();
}

void ProblemsList::showMenu(const QPoint &at)
{
    const int row = indexOfTopLevelItem(itemAt(at));
    if (row < 0)
        return;
    QMenu menu;
    menu.addAction(tr("Go to the Field"), this, [this, row] { Q_EMIT problemActivated(row); });
    if (const auto fix = problemFix(row))
        menu.addAction(tr("Fix: %1").arg(fix->label), this, [this, row] { fixProblem(row); });
    menu.exec(viewport()->mapToGlobal(at));
}

} // namespace Labforge
