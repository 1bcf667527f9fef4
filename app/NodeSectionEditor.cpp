// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "NodeSectionEditor.h"

#include "EditNodeCommand.h"
#include "LabDocument.h"

namespace Labforge {

NodeSectionEditor::NodeSectionEditor(LabDocument *document, QWidget *parent)
    : QWidget(parent)
    , m_document(document)
{ }

const Node *NodeSectionEditor::node() const
{
    return m_document->lab().node(m_id);
}

void NodeSectionEditor::showNode(const QString &id)
{
    m_id = id;
    const Node *n = node();
    if (!n)
        return;
    m_refreshing = true;
    refresh(*n);
    m_refreshing = false;
}

QWidget *NodeSectionEditor::focusPointer(const QString &pointer)
{
    Q_UNUSED(pointer);
    return nullptr;
}

void NodeSectionEditor::commit(const QString &field, const std::function<void(Node &)> &change, const QString &label)
{
    if (m_refreshing || m_id.isEmpty())
        return;
    const Node *current = node();
    if (!current)
        return;
    Node after = *current;
    change(after);
    if (after == *current)
        return;
    m_document->undoStack()->push(new EditNodeCommand(m_document, *current, after, field, label));
}

} // namespace Labforge
