#pragma once

#include "Lab.h"

#include <QUndoCommand>

namespace Labforge {

class LabDocument;

// Deletes nodes together with their links; undo puts both back where they were.
class RemoveNodesCommand : public QUndoCommand
{
public:
    RemoveNodesCommand(LabDocument *document, const QStringList &nodeIds, const QList<int> &extraLinks = {},
                       QUndoCommand *parent = nullptr);
    void redo() override;
    void undo() override;

private:
    LabDocument *m_document;
    QList<std::pair<int, Node>> m_nodes; // original index, node
    QList<std::pair<int, Link>> m_links; // original index, link
};

} // namespace Labforge
