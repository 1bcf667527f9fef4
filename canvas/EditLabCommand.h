// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Lab.h"

#include <QUndoCommand>

namespace Labforge {

class LabDocument;

// A lab-wide edit: networks, plan.kubernetes, scenarios, warnings, name. `what` is its label
// in the undo history as it stands, saying what changed ("Turn on feature hpc-nfs on storage",
// "Edit lab name"). Continuous edits of one field (keystrokes in one step's command, a spin
// box) merge into one step; any other edit, even with the same `what`, is a step of its own.
class EditLabCommand : public QUndoCommand
{
public:
    EditLabCommand(LabDocument *document, const Lab &before, const Lab &after, const QString &what);
    void redo() override;
    void undo() override;
    int id() const override { return 1003; }
    bool mergeWith(const QUndoCommand *other) override;

private:
    LabDocument *m_document;
    Lab m_before;
    Lab m_after;
    QString m_what;
    QString m_field; // JSON pointer (lab file) of what the edit changed, see JsonPointer::enclosingDifference
};

} // namespace Labforge
