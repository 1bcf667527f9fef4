// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "NetworkEdits.h"

#include "Cidr.h"
#include "Ipv4.h"
#include "NetworkLayout.h"
#include "NodeJoin.h"
#include "SafeName.h"

#include <QCoreApplication>

#include <cmath>

namespace Labforge {

namespace {

QString freeSubnet(const Lab &lab)
{
    QList<Cidr> taken;
    for (const Network &n : lab.networks) {
        if (const auto c = Cidr::parse(n.cidr))
            taken.append(*c);
    }
    if (lab.kubernetes) {
        for (const QString &text : {lab.kubernetes->podCidr, lab.kubernetes->serviceCidr}) {
            if (const auto c = Cidr::parse(text))
                taken.append(*c);
        }
    }
    const quint32 base =
        taken.isEmpty() ? Ipv4::parse(QStringLiteral("10.100.0.0")).value_or(0) : taken.first().network() & 0xffff0000u;
    // This /16 first, then the ones after it.
    for (quint32 sixteen = 0; sixteen < 64; ++sixteen) {
        for (quint32 third = 0; third < 256; ++third) {
            const quint32 candidate = base + (sixteen << 16) + (third << 8);
            const auto cidr = Cidr::parse(Ipv4::format(candidate) + QStringLiteral("/24"));
            if (!cidr)
                continue;
            if (std::none_of(taken.begin(), taken.end(), [&](const Cidr &t) { return t.overlaps(*cidr); }))
                return cidr->toString();
        }
    }
    return {};
}

} // namespace

QPointF NetworkEdits::freeBusPosition(const Lab &lab, QPointF wanted)
{
    // A new bus (no lines yet) is a segment of MinBusLength: the first place at or below
    // `wanted`, a grid step at a time, where it crosses no card and lies on no other bus.
    constexpr qreal Step = 20;
    constexpr qreal Clearance = 20;
    const QList<QLineF> buses = NetworkLayout::buses(lab);
    const auto free = [&](QPointF at) {
        const QLineF bus = NetworkLayout::bus(at, {});
        const QRectF band(bus.x1(), bus.y1() - Clearance, bus.length(), 2 * Clearance);
        for (const Node &node : lab.nodes) {
            if (NetworkLayout::nodeBox(node).intersects(band))
                return false;
        }
        for (const QLineF &other : buses) {
            if (std::abs(other.y1() - bus.y1()) < Clearance && other.x1() < bus.x2() && bus.x1() < other.x2())
                return false;
        }
        return true;
    };
    for (int k = 0; k < 1000; ++k) {
        const QPointF at(wanted.x(), wanted.y() + k * Step);
        if (free(at))
            return at;
    }
    return wanted;
}

Lab NetworkEdits::withNewNetwork(const Lab &lab, QPointF position, QString *name)
{
    Lab out = lab;
    Network n;
    for (int i = int(lab.networks.size()) + 1;; ++i) {
        n.name = QStringLiteral("net-%1").arg(i);
        if (!lab.network(n.name))
            break;
    }
    n.cidr = freeSubnet(lab);
    if (const auto cidr = Cidr::parse(n.cidr))
        n.gateway = Ipv4::format(cidr->address(1));
    n.position = freeBusPosition(lab, position);
    out.networks.append(n);
    if (name)
        *name = n.name;
    return out;
}

Lab NetworkEdits::attached(const Lab &lab, const QString &node, const QString &network, QString *why)
{
    const Node *n = lab.node(node);
    const char *context = "Labforge::NetworkEdits";
    const QString refusal = !n  ? QCoreApplication::translate(context, "there is no node \"%1\"").arg(node)
        : !lab.network(network) ? QCoreApplication::translate(context, "there is no network \"%1\"").arg(network)
        : n->isOn(network)      ? QCoreApplication::translate(context, "%1 is already on %2").arg(node, network)
        : NodeJoin::freeAddress(lab, network).isEmpty()
        ? QCoreApplication::translate(context, "%1 has no free address").arg(network)
        : QString();
    if (why)
        *why = refusal;
    if (!refusal.isEmpty())
        return lab;
    Lab out = lab;
    out.node(node)->interfaces.append(NodeInterface {network, NodeJoin::freeAddress(lab, network)});
    return out;
}

Lab NetworkEdits::detached(const Lab &lab, const QString &node, int index)
{
    Lab out = lab;
    Node *n = out.node(node);
    if (n && index >= 0 && index < n->interfaces.size())
        n->interfaces.removeAt(index);
    return out;
}

Lab NetworkEdits::renamed(const Lab &lab, int index, const QString &name, QString *why)
{
    const char *context = "Labforge::NetworkEdits";
    const QString old = index >= 0 && index < lab.networks.size() ? lab.networks.at(index).name : QString();
    QString refusal;
    if (index < 0 || index >= lab.networks.size())
        refusal = QCoreApplication::translate(context, "there is no network %1").arg(index + 1);
    else if (const QString invalid = SafeName::check(name, SafeName::Kind::Network); !invalid.isEmpty())
        refusal = QCoreApplication::translate(context, "network name \"%1\" %2").arg(name, invalid);
    else if (name != old && lab.network(name))
        refusal =
            QCoreApplication::translate(context, "network name \"%1\" is already used by another network").arg(name);
    if (why)
        *why = refusal;
    if (!refusal.isEmpty() || name == old)
        return lab;
    Lab out = lab;
    out.networks[index].name = name;
    if (out.network(old))
        return out; // another network keeps the old name: the interfaces stay with it
    for (Node &node : out.nodes) {
        for (NodeInterface &i : node.interfaces) {
            if (i.network == old)
                i.network = name;
        }
    }
    for (Link &l : out.links) {
        if (l.network == old)
            l.network = name;
    }
    return out;
}

Lab NetworkEdits::withoutNetwork(const Lab &lab, const QString &network)
{
    Lab out = lab;
    out.networks.removeIf([&](const Network &n) { return n.name == network; });
    for (Node &n : out.nodes)
        n.interfaces.removeIf([&](const NodeInterface &i) { return i.network == network; });
    out.links.removeIf([&](const Link &l) { return l.network == network; });
    return out;
}

Lab NetworkEdits::moved(const Lab &lab, const QString &network, QPointF position)
{
    Lab out = lab;
    for (Network &n : out.networks) {
        if (n.name == network)
            n.position = position;
    }
    return out;
}

QString NetworkEdits::networkToJoin(const Lab &lab, const QString &node, const QString &other)
{
    const Node *a = lab.node(node);
    const Node *b = lab.node(other);
    if (!a || !b)
        return {};
    for (const NodeInterface &i : b->interfaces) {
        if (lab.network(i.network) && !a->isOn(i.network))
            return i.network;
    }
    return {};
}

} // namespace Labforge
