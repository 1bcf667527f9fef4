// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "LabSectionEditor.h"

#include "EditLabCommand.h"
#include "LabDocument.h"

#include <QCoreApplication>
#include <QLabel>

namespace Labforge {

LabSectionEditor::LabSectionEditor(LabDocument *document, QWidget *parent)
    : QWidget(parent)
    , m_document(document)
{
    connect(document, &LabDocument::labChanged, this, [this] { refresh(); });
}

QWidget *LabSectionEditor::focusPointer(const QStringList &tokens)
{
    Q_UNUSED(tokens);
    return nullptr;
}

QLabel *LabSectionEditor::problemLabel(const QString &objectName)
{
    if (!m_problem) {
        m_problem = new QLabel;
        m_problem->setStyleSheet(QStringLiteral("color: #c62828"));
        m_problem->setWordWrap(true);
        m_problem->hide();
    }
    m_problem->setObjectName(objectName);
    return m_problem;
}

void LabSectionEditor::showProblem(const QString &problem)
{
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());
}

const Lab &LabSectionEditor::lab() const
{
    return m_document->lab();
}

void LabSectionEditor::commit(const QString &what, const std::function<void(Lab &)> &change)
{
    commitAs(QCoreApplication::translate("Labforge::Commands", "Edit %1").arg(what), change);
}

void LabSectionEditor::commitAs(const QString &label, const std::function<void(Lab &)> &change)
{
    if (m_refreshing)
        return;
    Lab after = m_document->lab();
    change(after);
    if (after == m_document->lab())
        return;
    m_document->undoStack()->push(new EditLabCommand(m_document, m_document->lab(), after, label));
}

} // namespace Labforge
