// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "Lab.h"

#include <QRegularExpression>

namespace Labforge {

QString Lab::formatString(int version)
{
    return QStringLiteral("labforge/lab@%1").arg(version);
}

int Lab::formatNeeded() const
{
    const bool placed =
        std::any_of(nodes.cbegin(), nodes.cend(), [](const Node &n) { return !n.placementHost.isEmpty(); });
    if (!links.isEmpty() || !formerNodeIds.isEmpty() || !formerCounts.isEmpty() || !renamedNodeIds.isEmpty())
        return 4;
    return hosts.isEmpty() && !placed ? 2 : 3;
}

QString Lab::renamedTo(const QString &former) const
{
    QString at = former;
    for (qsizetype hops = 0; hops <= renamedNodeIds.size(); ++hops) {
        const auto next = renamedNodeIds.constFind(at);
        if (next == renamedNodeIds.cend())
            return at != former && node(at) ? at : QString();
        at = *next;
    }
    return {};
}

int Lab::linkIndex(const QString &a, const QString &b) const
{
    for (int i = 0; i < links.size(); ++i) {
        if (links.at(i).joins(a, b))
            return i;
    }
    return -1;
}

const LabHost *Lab::host(const QString &name) const
{
    for (const LabHost &h : hosts) {
        if (h.name == name)
            return &h;
    }
    return nullptr;
}

int Lab::nodeIndex(const QString &id) const
{
    for (int i = 0; i < nodes.size(); ++i) {
        if (nodes.at(i).id == id)
            return i;
    }
    return -1;
}

const Node *Lab::node(const QString &id) const
{
    const int i = nodeIndex(id);
    return i < 0 ? nullptr : &nodes.at(i);
}

Node *Lab::node(const QString &id)
{
    const int i = nodeIndex(id);
    return i < 0 ? nullptr : &nodes[i];
}

const Network *Lab::network(const QString &name) const
{
    for (const Network &n : networks) {
        if (n.name == name)
            return &n;
    }
    return nullptr;
}

const Scenario *Lab::scenario(const QString &name) const
{
    for (const Scenario &s : scenarios) {
        if (s.name == name)
            return &s;
    }
    return nullptr;
}

bool Lab::hasFeature(const QString &feature) const
{
    for (const Node &n : nodes) {
        if (n.recipe.hasFeature(feature))
            return true;
    }
    return false;
}

bool Lab::isHostName(const QString &id)
{
    static const QRegularExpression hostname(
        QRegularExpression::anchoredPattern(QStringLiteral("[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?")));
    return hostname.match(id).hasMatch();
}

QString Lab::nodeIdProblem(const QString &id, const QString &current) const
{
    if (!isHostName(id))
        return QStringLiteral("\"%1\" is not a valid host name (lower-case letters, digits, inner dashes)").arg(id);
    if (id != current && node(id))
        return QStringLiteral("node id \"%1\" is already used by another node").arg(id);
    return {};
}

} // namespace Labforge
