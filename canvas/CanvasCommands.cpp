// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "CanvasCommands.h"

#include "AddNodeCommand.h"
#include "EditLabCommand.h"
#include "LabDocument.h"
#include "LinkEdits.h"
#include "MoveNodesCommand.h"
#include "NetworkEdits.h"
#include "NodeClipboard.h"
#include "NodeItem.h"
#include "NodeJoin.h"
#include "RemoveNodesCommand.h"

#include <cmath>

namespace Labforge {

CanvasCommands::CanvasCommands(LabDocument *document)
    : m_document(document)
{ }

QPointF CanvasCommands::snapped(QPointF position)
{
    return {std::round(position.x() / NodeItem::Grid) * NodeItem::Grid,
            std::round(position.y() / NodeItem::Grid) * NodeItem::Grid};
}

QString CanvasCommands::addNode(const QString &role, QPointF position)
{
    // The node joins the lab the way its role implies (plan, shared configs, warnings),
    // all in one undo step: the node itself, then what the lab around it had to change.
    const Lab &lab = m_document->lab();
    QString id;
    QList<NodeJoin::LeftOff> leftOff;
    const QPointF at = NodeJoin::freePosition(lab, snapped(position), NodeItem::Grid);
    const Lab joined = NodeJoin::withNewNode(lab, role, at, m_document->validationContext(), &id, &leftOff);
    m_document->recordLeftOff(leftOff);
    m_document->undoStack()->beginMacro(tr("Add node %1").arg(id));
    pushJoined(joined, id);
    m_document->undoStack()->endMacro();
    return id;
}

void CanvasCommands::pushJoined(const Lab &joined, const QString &id)
{
    Lab withNode = m_document->lab();
    withNode.nodes.append(*joined.node(id));
    m_document->undoStack()->push(new AddNodeCommand(m_document, *joined.node(id)));
    if (!(joined == withNode))
        m_document->undoStack()->push(new EditLabCommand(m_document, withNode, joined, tr("Join node %1").arg(id)));
}

bool CanvasCommands::addLink(const QString &from, const QString &to, QString *message)
{
    const Lab &lab = m_document->lab();
    if (from == to) {
        *message = tr("A node cannot be linked to itself.");
        return false;
    }
    if (lab.node(from) && lab.node(to)) {
        QString why;
        const Lab after = LinkEdits::linked(lab, from, to, &why);
        if (!why.isEmpty()) {
            *message = tr("Cannot link %1 and %2: %3.").arg(from, to, why);
            return false;
        }
        const Link &link = after.links.constLast();
        m_document->undoStack()->push(new EditLabCommand(m_document, lab, after, tr("Link %1 and %2").arg(from, to)));
        *message = tr("%1 and %2 are linked over %3.").arg(from, to, link.network);
        return true;
    }
    const QString node = lab.node(from) ? from : to;
    const QString network = lab.network(from) ? from : to;
    if (!lab.node(node) || !lab.network(network)) {
        *message = tr("Draw a line from a node to a network (or to another node).");
        return false;
    }
    QString why;
    const Lab after = NetworkEdits::attached(lab, node, network, &why);
    if (!why.isEmpty()) {
        *message = tr("Cannot attach %1 to %2: %3.").arg(node, network, why);
        return false;
    }
    const Node *joined = after.node(node);
    const NodeInterface &added = joined->interfaces.constLast();
    m_document->undoStack()->push(new EditLabCommand(m_document, lab, after, tr("Attach %1 to %2").arg(node, network)));
    *message = tr("%1: eth%2 on %3, address %4.").arg(node).arg(joined->interfaces.size() - 1).arg(network, added.ip);
    return true;
}

QString CanvasCommands::addNetwork(QPointF position)
{
    const Lab &lab = m_document->lab();
    QString name;
    const Lab after = NetworkEdits::withNewNetwork(lab, snapped(position), &name);
    m_document->undoStack()->push(new EditLabCommand(m_document, lab, after, tr("Add network %1").arg(name)));
    return name;
}

void CanvasCommands::remove(const QStringList &nodes, const QStringList &networks,
                            QList<std::pair<QString, int>> interfaces, const QList<int> &links, QString *message)
{
    if (nodes.isEmpty() && networks.isEmpty() && interfaces.isEmpty() && links.isEmpty())
        return;
    const Lab &lab = m_document->lab();
    const QList<DeletedNodeSteps::Step> steps = DeletedNodeSteps::of(lab, nodes);
    QString keepOn; // the node the steps are reassigned to; empty: they go with the nodes
    if (!steps.isEmpty() && m_stepsQuestion) {
        const std::optional<QString> answer = m_stepsQuestion(steps, DeletedNodeSteps::targets(lab, nodes));
        if (!answer)
            return; // cancelled: nothing is deleted
        keepOn = *answer;
    }
    Lab after = LinkEdits::withoutLinks(lab, links);
    // Later interfaces of a node first, so that the earlier indexes still hold.
    std::sort(interfaces.begin(), interfaces.end(), [](const auto &a, const auto &b) {
        return a.first != b.first ? a.first < b.first : a.second > b.second;
    });
    for (const auto &[node, index] : interfaces)
        after = NetworkEdits::detached(after, node, index);
    for (const QString &name : networks)
        after = NetworkEdits::withoutNetwork(after, name);
    const bool reassign = !keepOn.isEmpty();
    // A link step between keepOn and a deleted node stays behind: the delete takes it.
    const int kept = int(std::count_if(steps.cbegin(), steps.cend(),
                                       [&keepOn](const DeletedNodeSteps::Step &s) { return !s.namesTwice(keepOn); }));
    if (reassign)
        after = DeletedNodeSteps::reassigned(after, nodes, keepOn);
    const bool edits = !(after == lab);
    if (edits && !nodes.isEmpty())
        m_document->undoStack()->beginMacro(
            nodes.size() == 1 && networks.isEmpty() && interfaces.isEmpty() && links.isEmpty()
                ? tr("Delete node %1").arg(nodes.first())
                : tr("Delete %n item(s)", nullptr,
                     int(nodes.size() + networks.size() + interfaces.size() + links.size())));
    if (edits)
        m_document->undoStack()->push(new EditLabCommand(
            m_document, lab, after,
            !networks.isEmpty()        ? tr("Delete network %1").arg(networks.join(QStringLiteral(", ")))
                : reassign             ? tr("Reassign %n step(s) to %1", nullptr, kept).arg(keepOn)
                : interfaces.isEmpty() ? tr("Delete %n link(s)", nullptr, int(links.size()))
                                       : tr("Delete %n line(s)", nullptr, int(interfaces.size() + links.size()))));
    auto *removeNodes = nodes.isEmpty() ? nullptr : new RemoveNodesCommand(m_document, nodes);
    if (removeNodes)
        m_document->undoStack()->push(removeNodes); // the stack keeps it: removedSteps() below stays valid
    if (edits && !nodes.isEmpty())
        m_document->undoStack()->endMacro();
    const QStringList removedSteps = removeNodes ? removeNodes->removedSteps() : QStringList();
    if (reassign)
        *message =
            tr("%n scenario step(s) of the deleted node(s) now run on %1. Undo brings the node(s) back.", nullptr, kept)
                .arg(keepOn)
            + (removedSteps.isEmpty() ? QString()
                                      : u' '
                       + tr("Deleted with the node(s), as they would name %1 twice: %n step(s) (%2).", nullptr,
                            int(removedSteps.size()))
                             .arg(keepOn, removedSteps.join(u',')));
    else if (!removedSteps.isEmpty())
        *message = tr("Deleted with the node(s): %n scenario step(s) that ran on them or on a link to them (%1). "
                      "Undo brings them back.",
                      nullptr, int(removedSteps.size()))
                       .arg(removedSteps.join(u','));
}

std::optional<QStringList> CanvasCommands::paste(const QByteArray &json, NodeJoin::Recipe recipe, QString *message)
{
    const std::optional<QList<Node>> nodes = NodeClipboard::decode(json);
    if (!nodes)
        return std::nullopt;
    // Each copy joins as a Palette drop does (NodeJoin): the lab's networks, free addresses and
    // serials, the Kubernetes plan and the Slurm member lists; in nearest free space.
    m_document->undoStack()->beginMacro(tr("Paste %n node(s)", nullptr, int(nodes->size())));
    QStringList added, foreign;
    for (const Node &n : *nodes) {
        const Lab &lab = m_document->lab();
        QString id;
        const QPointF at =
            NodeJoin::freePosition(lab, n.position + QPointF(2 * NodeItem::Grid, 2 * NodeItem::Grid), NodeItem::Grid);
        if (NodeJoin::recipeFromAnotherLab(lab, n))
            foreign.append(n.id);
        pushJoined(NodeJoin::withCopiedNode(lab, n, at, m_document->validationContext(), &id, recipe), id);
        added.append(id);
    }
    m_document->undoStack()->endMacro();
    if (!foreign.isEmpty() && message)
        *message = recipe == NodeJoin::Recipe::Labs
            ? tr("Recipe from another lab: %1 pasted with this lab's recipe for the role. Undo, then Edit ▸ Paste "
                 "Keeping Recipe keeps the copied one.")
                  .arg(foreign.join(QStringLiteral(", ")))
            : tr("Recipe from another lab: %1 pasted with its own recipe; a cluster it is outside of is a warning "
                 "(Turn On). Undo, then Edit ▸ Paste takes this lab's recipe for the role.")
                  .arg(foreign.join(QStringLiteral(", ")));
    return added;
}

void CanvasCommands::move(const QHash<QString, QPointF> &from, const QHash<QString, QPointF> &to, const Lab &moved,
                          bool nudge)
{
    // Nodes and buses moved together are one undo step.
    const Lab &lab = m_document->lab();
    const bool networks = !(moved == lab);
    if (networks && !from.isEmpty())
        m_document->undoStack()->beginMacro(tr("Move selection"));
    if (networks)
        m_document->undoStack()->push(new EditLabCommand(m_document, lab, moved, tr("Move network")));
    if (!from.isEmpty())
        m_document->undoStack()->push(new MoveNodesCommand(m_document, from, to, nudge));
    if (networks && !from.isEmpty())
        m_document->undoStack()->endMacro();
}

} // namespace Labforge
