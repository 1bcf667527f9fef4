// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "EditNodeCommand.h"

#include "LabDocument.h"

#include <QCoreApplication>

namespace Labforge {

EditNodeCommand::EditNodeCommand(LabDocument *document, const Node &before, const Node &after, const QString &field,
                                 const QString &label)
    : m_document(document)
    , m_before(before)
    , m_after(after)
    , m_field(field)
{
    setText(label.isEmpty() ? QCoreApplication::translate("Labforge::Commands", "Edit %1 of %2").arg(field, before.id)
                            : label);
}

void EditNodeCommand::redo()
{
    m_document->replaceNode(m_before.id, m_after);
}

void EditNodeCommand::undo()
{
    m_document->replaceNode(m_after.id, m_before);
}

bool EditNodeCommand::mergeWith(const QUndoCommand *other)
{
    const auto *o = static_cast<const EditNodeCommand *>(other);
    // Only fields edited continuously (spin boxes, the JSON editor) merge; a committed
    // text edit (id, address, packages) is one step of its own.
    static const QStringList continuous {QStringLiteral("min_cpu"), QStringLiteral("min_memory_gb"),
                                         QStringLiteral("services")};
    if (o->m_field != m_field || o->m_before.id != m_after.id || !continuous.contains(m_field))
        return false;
    m_after = o->m_after;
    setObsolete(m_before == m_after);
    return true;
}

} // namespace Labforge
