// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "ReaddressNodeCommand.h"

#include "LabDocument.h"
#include "NodeReferences.h"

#include <QCoreApplication>

namespace Labforge {

ReaddressNodeCommand::ReaddressNodeCommand(LabDocument *document, const QString &nodeId, const QString &oldIp,
                                           const QString &newIp)
    : m_document(document)
    , m_before(document->lab())
    , m_after(NodeReferences::readdressed(document->lab(), nodeId, oldIp, newIp))
{
    setText(QCoreApplication::translate("Labforge::Commands", "Readdress %1 to %2").arg(nodeId, newIp));
    setObsolete(m_before == m_after);
}

void ReaddressNodeCommand::redo()
{
    if (isObsolete())
        return; // nothing to change (the push drops it)
    m_document->replaceLab(m_after);
}

void ReaddressNodeCommand::undo()
{
    if (isObsolete())
        return;
    m_document->replaceLab(m_before);
}

} // namespace Labforge
