// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Node.h"

#include <QUndoCommand>

namespace Labforge {

class LabDocument;

// Any property edit of one node (id, role, address, recipe, disks, services).
// Continuous edits of the same field (spin boxes, typing a service config) merge into one step.
// The undo history says "Edit <field> of <node>", or `label` when given ("Turn on feature helm on
// login-ops").
class EditNodeCommand : public QUndoCommand
{
public:
    EditNodeCommand(LabDocument *document, const Node &before, const Node &after, const QString &field,
                    const QString &label = {});
    void redo() override;
    void undo() override;
    int id() const override { return 1002; }
    bool mergeWith(const QUndoCommand *other) override;

private:
    LabDocument *m_document;
    Node m_before;
    Node m_after;
    QString m_field;
};

} // namespace Labforge
