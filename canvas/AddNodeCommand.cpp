// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "AddNodeCommand.h"

#include "LabDocument.h"

#include <QCoreApplication>

namespace Labforge {

AddNodeCommand::AddNodeCommand(LabDocument *document, const Node &node, QUndoCommand *parent)
    : QUndoCommand(parent)
    , m_document(document)
    , m_node(node)
{
    setText(QCoreApplication::translate("Labforge::Commands", "Add node %1").arg(node.id));
}

void AddNodeCommand::redo()
{
    m_document->insertNode(int(m_document->lab().nodes.size()), m_node);
}

void AddNodeCommand::undo()
{
    m_document->removeNode(m_node.id);
}

} // namespace Labforge
