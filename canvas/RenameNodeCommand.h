// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Lab.h"

#include <QUndoCommand>

namespace Labforge {

class LabDocument;

// Renames a node and every reference to it (links, plan.kubernetes, scenario steps, the
// service configs that name it, the steps' text; see NodeReferences) as one undo step. The canvas keeps the
// node's item; undo restores the lab exactly.
class RenameNodeCommand : public QUndoCommand
{
public:
    RenameNodeCommand(LabDocument *document, const QString &oldId, const QString &newId);
    void redo() override;
    void undo() override;
    // The steps whose command or expectation named the node ("scenario/step").
    QStringList stepsChanged() const { return m_stepsChanged; }

private:
    LabDocument *m_document;
    QString m_oldId;
    QString m_newId;
    QStringList m_stepsChanged; // before m_after, which fills it
    Lab m_before;
    Lab m_after;
};

} // namespace Labforge
