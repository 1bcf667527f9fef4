#pragma once

#include "Lab.h"

#include <QUndoCommand>

namespace Labforge {

class LabDocument;

// Deletes nodes (their interfaces, the lines to their networks, go with them); undo puts
// them back where they were.
class RemoveNodesCommand : public QUndoCommand
{
public:
    RemoveNodesCommand(LabDocument *document, const QStringList &nodeIds, QUndoCommand *parent = nullptr);
    void redo() override;
    void undo() override;

private:
    LabDocument *m_document;
    QList<std::pair<int, Node>> m_nodes; // original index, node
};

} // namespace Labforge
