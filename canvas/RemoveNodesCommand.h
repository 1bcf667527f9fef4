// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Lab.h"

#include <QUndoCommand>

namespace Labforge {

class LabDocument;

// Deletes nodes (their interfaces, the lines to their networks, and their links go with
// them) and gives the required warnings the text the smaller lab needs (a node count in
// words, as adding a node does); undo puts the nodes back where they were and the links
// and warnings as they were.
class RemoveNodesCommand : public QUndoCommand
{
public:
    RemoveNodesCommand(LabDocument *document, const QStringList &nodeIds, QUndoCommand *parent = nullptr);
    void redo() override;
    void undo() override;
    // The scenario steps the delete took with the nodes ("scenario/step"), for the status bar.
    QStringList removedSteps() const { return m_removedSteps; }

private:
    LabDocument *m_document;
    QList<std::pair<int, Node>> m_nodes; // original index, node
    Lab m_before; // the whole lab before the delete: what undo brings back
    QStringList m_removedSteps;
};

} // namespace Labforge
