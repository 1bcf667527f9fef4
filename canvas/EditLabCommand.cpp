#include "EditLabCommand.h"

#include "LabDocument.h"

#include <QCoreApplication>

namespace Labforge {

EditLabCommand::EditLabCommand(LabDocument *document, const Lab &before, const Lab &after, const QString &what)
    : m_document(document)
    , m_before(before)
    , m_after(after)
    , m_what(what)
{
    setText(QCoreApplication::translate("Labforge::Commands", "Edit %1").arg(what));
}

void EditLabCommand::redo()
{
    m_document->replaceLab(m_after);
}

void EditLabCommand::undo()
{
    m_document->replaceLab(m_before);
}

bool EditLabCommand::mergeWith(const QUndoCommand *other)
{
    const auto *o = static_cast<const EditLabCommand *>(other);
    if (o->m_what != m_what)
        return false;
    m_after = o->m_after;
    setObsolete(m_before == m_after);
    return true;
}

} // namespace Labforge
