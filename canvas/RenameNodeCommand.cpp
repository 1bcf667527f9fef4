// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "RenameNodeCommand.h"

#include "LabDocument.h"
#include "NodeReferences.h"

#include <QCoreApplication>

namespace Labforge {

RenameNodeCommand::RenameNodeCommand(LabDocument *document, const QString &oldId, const QString &newId)
    : m_document(document)
    , m_oldId(oldId)
    , m_newId(newId)
    , m_before(document->lab())
    , m_after(NodeReferences::renamed(document->lab(), oldId, newId, &m_stepsChanged))
{
    setText(m_stepsChanged.isEmpty()
                ? QCoreApplication::translate("Labforge::Commands", "Rename %1 to %2").arg(oldId, newId)
                : QCoreApplication::translate("Labforge::Commands", "Rename %1 to %2 (and in %n step(s))", nullptr,
                                              int(m_stepsChanged.size()))
                      .arg(oldId, newId));
    setObsolete(m_before == m_after);
}

void RenameNodeCommand::redo()
{
    if (isObsolete())
        return; // nothing to change (the push drops it)
    m_document->replaceLab(m_after, {{m_oldId, m_newId}});
}

void RenameNodeCommand::undo()
{
    if (isObsolete())
        return;
    m_document->replaceLab(m_before, {{m_newId, m_oldId}});
}

} // namespace Labforge
