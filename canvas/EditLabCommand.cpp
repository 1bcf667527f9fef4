// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "EditLabCommand.h"

#include "JsonPointer.h"
#include "LabDocument.h"
#include "LabWriter.h"

#include <QRegularExpression>

namespace Labforge {

EditLabCommand::EditLabCommand(LabDocument *document, const Lab &before, const Lab &after, const QString &what)
    : m_document(document)
    , m_before(before)
    , m_after(after)
    , m_what(what)
    , m_field(JsonPointer::enclosingDifference(LabWriter::toJson(before), LabWriter::toJson(after)).value_or(QString()))
{
    setText(what);
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
    // Fields edited continuously (typing a step's command, spin boxes) merge while the edits
    // stay on one field of one object; a committed text edit (editingFinished) or a choice
    // is one step of its own, as in EditNodeCommand.
    static const QRegularExpression continuous(
        QStringLiteral("^(/plan/kubernetes/bootstrap_token_ttl_seconds|/scenarios/\\d+/steps/\\d+/assertion/params/"
                       "(command|timeout_seconds))$"));
    if (o->m_field != m_field || !continuous.match(m_field).hasMatch())
        return false;
    m_after = o->m_after;
    setObsolete(m_before == m_after);
    return true;
}

} // namespace Labforge
