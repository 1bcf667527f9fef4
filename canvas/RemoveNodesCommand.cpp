// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "RemoveNodesCommand.h"

#include "LabDocument.h"
#include "LinkEdits.h"
#include "NodeJoin.h"

#include <QCoreApplication>

namespace Labforge {

RemoveNodesCommand::RemoveNodesCommand(LabDocument *document, const QStringList &nodeIds, QUndoCommand *parent)
    : QUndoCommand(parent)
    , m_document(document)
{
    const Lab &lab = document->lab();
    m_warnings = lab.warnings;
    m_links = lab.links;
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
    for (auto it = m_nodes.crbegin(); it != m_nodes.crend(); ++it)
        m_document->removeNode(it->second.id);
    Lab lab = m_document->lab();
    NodeJoin::refreshRequiredWarningTexts(lab);
    for (const auto &[index, node] : m_nodes)
        LinkEdits::removeLinksOf(lab, node.id);
    if (lab.warnings != m_document->lab().warnings || lab.links != m_document->lab().links)
        m_document->replaceLab(lab);
}

void RemoveNodesCommand::undo()
{
    for (const auto &[index, node] : m_nodes)
        m_document->insertNode(index, node);
    if (m_document->lab().warnings != m_warnings || m_document->lab().links != m_links) {
        Lab lab = m_document->lab();
        lab.warnings = m_warnings;
        lab.links = m_links;
        m_document->replaceLab(lab);
    }
}

} // namespace Labforge
