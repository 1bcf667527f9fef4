// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Lab.h"

#include <QUndoCommand>

namespace Labforge {

class LabDocument;

// Moves a node to another address and every reference to it along (the nfs_server of the
// service configs, DNS servers; see NodeReferences) as one undo step.
class ReaddressNodeCommand : public QUndoCommand
{
public:
    ReaddressNodeCommand(LabDocument *document, const QString &nodeId, const QString &oldIp, const QString &newIp);
    void redo() override;
    void undo() override;

private:
    LabDocument *m_document;
    Lab m_before;
    Lab m_after;
};

} // namespace Labforge
