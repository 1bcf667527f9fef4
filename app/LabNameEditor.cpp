// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "LabNameEditor.h"

#include "FieldText.h"

#include <QFormLayout>
#include <QLineEdit>

namespace Labforge {

LabNameEditor::LabNameEditor(LabDocument *document, QWidget *parent)
    : LabSectionEditor(document, parent)
{
    auto *form = new QFormLayout(this);
    form->setContentsMargins({});
    m_name = new QLineEdit;
    m_name->setObjectName(QStringLiteral("labName"));
    form->addRow(tr("Lab name"), m_name);
    m_description = new QLineEdit;
    m_description->setObjectName(QStringLiteral("labDescription"));
    form->addRow(tr("Description"), m_description);
    connect(m_name, &QLineEdit::editingFinished, this,
            [this] { commit(tr("lab name"), [&](Lab &l) { l.name = m_name->text().trimmed(); }); });
    connect(m_description, &QLineEdit::editingFinished, this,
            [this] { commit(tr("description"), [&](Lab &l) { l.description = m_description->text(); }); });
    LabNameEditor::refresh(); // this class's own, as it is constructed
}

void LabNameEditor::refresh()
{
    setRefreshing(true);
    if (!m_name->hasFocus())
        FieldText::show(m_name, lab().name);
    if (!m_description->hasFocus())
        FieldText::show(m_description, lab().description);
    setRefreshing(false);
}

QWidget *LabNameEditor::focusPointer(const QStringList &tokens)
{
    QWidget *field = tokens.value(0) == QLatin1String("name") ? m_name
        : tokens.value(0) == QLatin1String("description")     ? m_description
                                                              : nullptr;
    if (field)
        field->setFocus();
    return field;
}

} // namespace Labforge
