// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "NodeIdentityEditor.h"

#include "Catalog.h"
#include "FieldText.h"
#include "LabDocument.h"
#include "RenameNodeCommand.h"

#include <QAction>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>

namespace Labforge {

NodeIdentityEditor::NodeIdentityEditor(LabDocument *document, QWidget *parent)
    : NodeSectionEditor(document, parent)
{
    auto *form = new QFormLayout(this);
    form->setContentsMargins({});
    m_nodeId = new QLineEdit;
    m_nodeId->setObjectName(QStringLiteral("nodeId"));
    form->addRow(tr("Node id"), m_nodeId);
    m_idProblem = new QLabel;
    m_idProblem->setObjectName(QStringLiteral("nodeIdProblem"));
    m_idProblem->setStyleSheet(QStringLiteral("color: #c62828"));
    m_idProblem->setWordWrap(true);
    m_idProblem->hide();
    form->addRow(QString(), m_idProblem);
    m_role = new QComboBox;
    m_role->setObjectName(QStringLiteral("role"));
    m_role->addItems(Catalog::roles());
    form->addRow(tr("Role"), m_role);

    connect(m_nodeId, &QLineEdit::editingFinished, this, &NodeIdentityEditor::commitId);
    // Esc gives up a typed id: the field shows the node's id again, without the refusal.
    auto *revert = new QAction(m_nodeId);
    revert->setShortcut(QKeySequence(Qt::Key_Escape));
    revert->setShortcutContext(Qt::WidgetShortcut);
    m_nodeId->addAction(revert);
    connect(revert, &QAction::triggered, this, [this] {
        m_nodeId->setText(nodeId());
        m_nodeId->selectAll();
        showIdProblem({});
    });
    connect(m_role, &QComboBox::currentTextChanged, this,
            [this](const QString &role) { commit(QStringLiteral("role"), [&](Node &n) { n.role = role; }); });
}

void NodeIdentityEditor::commitId()
{
    const QString id = m_nodeId->text().trimmed();
    if (id == nodeId())
        return showIdProblem({});
    // Refused here, with the reason beside the field: a duplicate id would make two
    // canvas items claim one node.
    const QString problem = document()->lab().nodeIdProblem(id, nodeId());
    showIdProblem(problem);
    if (problem.isEmpty() && !isRefreshing() && node())
        document()->undoStack()->push(new RenameNodeCommand(document(), nodeId(), id)); // references follow
}

void NodeIdentityEditor::showIdProblem(const QString &problem)
{
    m_idProblem->setText(problem);
    m_idProblem->setVisible(!problem.isEmpty());
    if (!problem.isEmpty())
        m_nodeId->setStyleSheet(QStringLiteral("border: 1px solid #c62828"));
    else
        m_nodeId->setStyleSheet(QString());
}

void NodeIdentityEditor::refresh(const Node &node)
{
    if (!m_nodeId->hasFocus())
        FieldText::show(m_nodeId, node.id);
    m_role->setCurrentText(node.role);
}

QWidget *NodeIdentityEditor::focusPointer(const QString &pointer)
{
    QWidget *field = nullptr;
    if (pointer.contains(QLatin1String("/node_id")))
        field = m_nodeId;
    if (field)
        field->setFocus();
    return field;
}

} // namespace Labforge
