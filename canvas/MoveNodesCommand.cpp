// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "MoveNodesCommand.h"

#include "LabDocument.h"

#include <QCoreApplication>

namespace Labforge {

MoveNodesCommand::MoveNodesCommand(LabDocument *document, const QHash<QString, QPointF> &from,
                                   const QHash<QString, QPointF> &to, bool nudge)
    : m_document(document)
    , m_from(from)
    , m_to(to)
    , m_nudge(nudge)
{
    setText(from.size() == 1
                ? QCoreApplication::translate("Labforge::Commands", "Move node %1").arg(from.begin().key())
                : QCoreApplication::translate("Labforge::Commands", "Move %n node(s)", nullptr, int(from.size())));
    if (from == to)
        setObsolete(true);
}

void MoveNodesCommand::redo()
{
    m_document->moveNodes(m_to);
}

void MoveNodesCommand::undo()
{
    m_document->moveNodes(m_from);
}

bool MoveNodesCommand::mergeWith(const QUndoCommand *other)
{
    const auto *o = static_cast<const MoveNodesCommand *>(other);
    if (o->m_to.keys() != m_to.keys())
        return false;
    m_to = o->m_to;
    setObsolete(m_from == m_to);
    return true;
}

} // namespace Labforge
