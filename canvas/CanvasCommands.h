// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "DeletedNodeSteps.h"
#include "Lab.h"
#include "NodeJoin.h"

#include <QCoreApplication>
#include <QHash>
#include <QPointF>

#include <functional>
#include <optional>

namespace Labforge {

class LabDocument;

// The canvas's gestures as undo commands on the document, apart from any item: add a node
// of a role (joined as its role implies), draw a line (interface or link), add a network,
// delete, paste and move. What a gesture could not do, or what the user should know about
// it, goes to *message.
class CanvasCommands
{
    Q_DECLARE_TR_FUNCTIONS(CanvasCommands)
public:
    explicit CanvasCommands(LabDocument *document);

    // The new node's id.
    QString addNode(const QString &role, QPointF position);
    bool addLink(const QString &from, const QString &to, QString *message);
    // The new network's name.
    QString addNetwork(QPointF position);
    // Deleting nodes that scenario steps name first asks what becomes of the steps (the
    // question set below; without one they go with the nodes).
    void remove(const QStringList &nodes, const QStringList &networks, QList<std::pair<QString, int>> interfaces,
                const QList<int> &links, QString *message);
    // Asked with the steps a delete would take and the nodes that stay (DeletedNodeSteps):
    // nullopt cancels the delete, an empty id deletes the steps, a node's id keeps them on it.
    using StepsQuestion =
        std::function<std::optional<QString>(const QList<DeletedNodeSteps::Step> &steps, const QStringList &targets)>;
    void setStepsQuestion(StepsQuestion question) { m_stepsQuestion = std::move(question); }
    // The pasted nodes' ids; nullopt when `json` holds no labforge nodes. Each copy takes the
    // recipe of the lab's nodes of its role (NodeJoin::Recipe::Labs) or keeps its own; a
    // recipe from another lab is said in *message with the other choice.
    std::optional<QStringList> paste(const QByteArray &json, NodeJoin::Recipe recipe, QString *message);
    // Nodes from `from` to `to` and the networks as in `moved`, as one undo step.
    void move(const QHash<QString, QPointF> &from, const QHash<QString, QPointF> &to, const Lab &moved, bool nudge);

    static QPointF snapped(QPointF position);

private:
    // Pushes a node that NodeJoin added to the document's lab (`joined`): the node, then the join.
    void pushJoined(const Lab &joined, const QString &id);

    LabDocument *m_document;
    StepsQuestion m_stepsQuestion;
};

} // namespace Labforge
