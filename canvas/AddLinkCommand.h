#pragma once

#include "Link.h"

#include <QUndoCommand>

namespace Labforge {

class LabDocument;

// Draws one link between two nodes.
class AddLinkCommand : public QUndoCommand
{
public:
    AddLinkCommand(LabDocument *document, const Link &link);
    void redo() override;
    void undo() override;

private:
    LabDocument *m_document;
    Link m_link;
    int m_index = -1;
};

} // namespace Labforge
