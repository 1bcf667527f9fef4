#include "AddLinkCommand.h"

#include "LabDocument.h"

#include <QCoreApplication>

namespace Labforge {

AddLinkCommand::AddLinkCommand(LabDocument *document, const Link &link)
    : m_document(document)
    , m_link(link)
{
    setText(QCoreApplication::translate("Labforge::Commands", "Link %1 to %2").arg(link.from, link.to));
}

void AddLinkCommand::redo()
{
    m_index = int(m_document->lab().links.size());
    m_document->insertLink(m_index, m_link);
}

void AddLinkCommand::undo()
{
    m_document->removeLink(m_index);
}

} // namespace Labforge
