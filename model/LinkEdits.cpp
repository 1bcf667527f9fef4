// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "LinkEdits.h"

#include "NetworkEdits.h"

#include <QCoreApplication>
#include <algorithm>

namespace Labforge {

namespace {
const char *Context = "Labforge::LinkEdits";
}

bool LinkEdits::isOn(const Lab &lab, const QString &node, const QString &network)
{
    const Node *n = lab.node(node);
    return n && n->isOn(network);
}

QString LinkEdits::sharedNetwork(const Lab &lab, const QString &a, const QString &b)
{
    const Node *n = lab.node(a);
    for (const NodeInterface &i : n ? n->interfaces : QList<NodeInterface>()) {
        if (lab.network(i.network) && isOn(lab, b, i.network))
            return i.network;
    }
    return {};
}

Lab LinkEdits::linked(const Lab &lab, const QString &from, const QString &to, QString *why)
{
    QString refusal;
    if (from == to)
        refusal = QCoreApplication::translate(Context, "a node cannot be linked to itself");
    else if (!lab.node(from) || !lab.node(to))
        refusal = QCoreApplication::translate(Context, "there is no node %1").arg(lab.node(from) ? to : from);
    else if (lab.linkIndex(from, to) >= 0)
        refusal = QCoreApplication::translate(Context, "%1 and %2 are already linked").arg(from, to);
    Lab out = lab;
    if (refusal.isEmpty()) {
        QString network = sharedNetwork(lab, from, to);
        if (network.isEmpty()) {
            // One end joins a network of the other: `from` one of `to`'s, else the reverse.
            QString joining = from;
            network = NetworkEdits::networkToJoin(lab, from, to);
            if (network.isEmpty()) {
                joining = to;
                network = NetworkEdits::networkToJoin(lab, to, from);
            }
            if (network.isEmpty())
                refusal = QCoreApplication::translate(Context, "neither %1 nor %2 is on a network").arg(from, to);
            else
                out = NetworkEdits::attached(lab, joining, network, &refusal);
        }
        if (refusal.isEmpty())
            out.links.append(Link {from, to, network, {}});
    }
    if (why)
        *why = refusal;
    return refusal.isEmpty() ? out : lab;
}

Lab LinkEdits::withoutLinks(const Lab &lab, QList<int> indexes)
{
    Lab out = lab;
    std::sort(indexes.begin(), indexes.end(), std::greater<int>());
    indexes.erase(std::unique(indexes.begin(), indexes.end()), indexes.end());
    for (int i : indexes) {
        if (i >= 0 && i < out.links.size())
            out.links.removeAt(i);
    }
    return out;
}

void LinkEdits::removeLinksOf(Lab &lab, const QString &node)
{
    lab.links.removeIf([&](const Link &l) { return l.touches(node); });
}

Lab LinkEdits::repaired(const Lab &lab, int index, QString *what)
{
    if (index < 0 || index >= lab.links.size())
        return lab;
    Lab out = lab;
    Link &link = out.links[index];
    if (!lab.node(link.from) || !lab.node(link.to) || link.from == link.to)
        return lab;
    if (link.network.isEmpty() || !lab.network(link.network)) {
        link.network = sharedNetwork(lab, link.from, link.to);
        const Node *from = lab.node(link.from);
        for (const NodeInterface &i : from->interfaces) {
            if (link.network.isEmpty() && lab.network(i.network))
                link.network = i.network;
        }
        if (link.network.isEmpty())
            return lab;
    }
    QStringList attached;
    const Link fixed = link;
    for (const QString &end : {fixed.from, fixed.to}) {
        if (isOn(out, end, fixed.network))
            continue;
        QString why;
        out = NetworkEdits::attached(out, end, fixed.network, &why);
        if (!why.isEmpty())
            return lab;
        attached.append(end);
    }
    if (what)
        *what = attached.isEmpty()
            ? QCoreApplication::translate(Context, "Link %1 and %2 over %3").arg(fixed.from, fixed.to, fixed.network)
            : QCoreApplication::translate(Context, "Attach %1 to %2")
                  .arg(attached.join(QStringLiteral(", ")), fixed.network);
    return out;
}

} // namespace Labforge
