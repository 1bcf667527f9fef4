// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Node.h"

#include <QUndoCommand>

namespace Labforge {

class LabDocument;

// Adds one node (palette drop, duplicate, paste).
class AddNodeCommand : public QUndoCommand
{
public:
    AddNodeCommand(LabDocument *document, const Node &node, QUndoCommand *parent = nullptr);
    void redo() override;
    void undo() override;

private:
    LabDocument *m_document;
    Node m_node;
};

} // namespace Labforge
