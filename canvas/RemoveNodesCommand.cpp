#include "RemoveNodesCommand.h"

#include "LabDocument.h"

#include <QCoreApplication>
#include <QSet>

namespace Labforge {

RemoveNodesCommand::RemoveNodesCommand(LabDocument *document, const QStringList &nodeIds, const QList<int> &extraLinks,
                                       QUndoCommand *parent)
    : QUndoCommand(parent)
    , m_document(document)
{
    const Lab &lab = document->lab();
    QSet<int> links(extraLinks.begin(), extraLinks.end());
    for (const QString &id : nodeIds) {
        const int i = lab.nodeIndex(id);
        if (i >= 0)
            m_nodes.append({i, lab.nodes.at(i)});
        for (int l : document->linksOf(id))
            links.insert(l);
    }
    std::sort(m_nodes.begin(), m_nodes.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    QList<int> sorted(links.begin(), links.end());
    std::sort(sorted.begin(), sorted.end());
    for (int l : sorted) {
        if (l >= 0 && l < lab.links.size())
            m_links.append({l, lab.links.at(l)});
    }
    if (m_nodes.size() == 1)
        setText(QCoreApplication::translate("Labforge::Commands", "Delete node %1").arg(m_nodes.first().second.id));
    else if (m_nodes.isEmpty())
        setText(QCoreApplication::translate("Labforge::Commands", "Delete %n link(s)", nullptr, int(m_links.size())));
    else
        setText(QCoreApplication::translate("Labforge::Commands", "Delete %n node(s)", nullptr, int(m_nodes.size())));
}

void RemoveNodesCommand::redo()
{
    for (auto it = m_links.crbegin(); it != m_links.crend(); ++it)
        m_document->removeLink(it->first);
    for (auto it = m_nodes.crbegin(); it != m_nodes.crend(); ++it)
        m_document->removeNode(it->second.id);
}

void RemoveNodesCommand::undo()
{
    for (const auto &[index, node] : m_nodes)
        m_document->insertNode(index, node);
    for (const auto &[index, link] : m_links)
        m_document->insertLink(index, link);
}

} // namespace Labforge
