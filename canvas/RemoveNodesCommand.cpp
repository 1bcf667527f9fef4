// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "RemoveNodesCommand.h"

#include "LabDocument.h"
#include "NodeReferences.h"

#include <QCoreApplication>

namespace Labforge {

RemoveNodesCommand::RemoveNodesCommand(LabDocument *document, const QStringList &nodeIds, QUndoCommand *parent)
    : QUndoCommand(parent)
    , m_document(document)
{
    const Lab &lab = document->lab();
    m_before = lab;
    for (const QString &id : nodeIds) {
        const int i = lab.nodeIndex(id);
        if (i >= 0)
            m_nodes.append({i, lab.nodes.at(i)});
    }
    std::sort(m_nodes.begin(), m_nodes.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    if (m_nodes.size() == 1)
        setText(QCoreApplication::translate("Labforge::Commands", "Delete node %1").arg(m_nodes.first().second.id));
    else
        setText(QCoreApplication::translate("Labforge::Commands", "Delete %n node(s)", nullptr, int(m_nodes.size())));
}

void RemoveNodesCommand::redo()
{
    QStringList ids;
    for (auto it = m_nodes.crbegin(); it != m_nodes.crend(); ++it) {
        m_document->removeNode(it->second.id);
        ids.append(it->second.id);
    }
    // Every reference leaves with the nodes (plan workers, links, Slurm member lists, the steps
    // that ran on them), in this one undo step; required warnings' texts follow the new shape.
    m_removedSteps.clear();
    Lab lab = m_document->lab();
    QList<Node> gone;
    for (const auto &entry : std::as_const(m_nodes))
        gone.append(entry.second);
    NodeReferences::recordRemoval(lab, gone);
    lab = NodeReferences::withoutReferencesTo(lab, ids, &m_removedSteps);
    if (!(lab == m_document->lab()))
        m_document->replaceLab(lab);
}

void RemoveNodesCommand::undo()
{
    for (const auto &[index, node] : m_nodes)
        m_document->insertNode(index, node);
    if (!(m_document->lab() == m_before))
        m_document->replaceLab(m_before);
}

} // namespace Labforge
