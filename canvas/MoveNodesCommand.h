// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QHash>
#include <QPointF>
#include <QUndoCommand>

namespace Labforge {

class LabDocument;

// Moves nodes. One drag is one step; repeated keyboard nudges of the same
// selection merge into one step as well.
class MoveNodesCommand : public QUndoCommand
{
public:
    MoveNodesCommand(LabDocument *document, const QHash<QString, QPointF> &from, const QHash<QString, QPointF> &to,
                     bool nudge = false);
    void redo() override;
    void undo() override;
    int id() const override { return m_nudge ? 1001 : -1; }
    bool mergeWith(const QUndoCommand *other) override;

private:
    LabDocument *m_document;
    QHash<QString, QPointF> m_from;
    QHash<QString, QPointF> m_to;
    bool m_nudge;
};

} // namespace Labforge
