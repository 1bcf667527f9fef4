// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "HostFabric.h"

#include "Sha256.h"

#include <QHostAddress>

#include <bit>

namespace Labforge {

namespace {

QString hashOf(const QString &text)
{
    return Sha256::ofData(text.toUtf8());
}

// The iptables rules of an ovs gateway bridge that masquerades, as added ("-A"/"-I") or
// deleted ("-D"): out through NAT, forwarding from the bridge and back to it. Each carries a
// comment naming the lab and network, so they are told from anyone else's.
QList<QStringList> natRules(const HostFabric::Segment &s, const QString &bridge, bool add)
{
    const QHostAddress gateway(s.gateway);
    const QHostAddress mask(s.netmask);
    if (!s.nat || gateway.protocol() != QAbstractSocket::IPv4Protocol
        || mask.protocol() != QAbstractSocket::IPv4Protocol)
        return {};
    const int prefix = std::popcount(mask.toIPv4Address());
    const QString cidr = QHostAddress(gateway.toIPv4Address() & mask.toIPv4Address()).toString() + QLatin1Char('/')
        + QString::number(prefix);
    const QStringList tag {QStringLiteral("-m"), QStringLiteral("comment"), QStringLiteral("--comment"),
                           QStringLiteral("labforge:%1/%2").arg(s.lab, s.network)};
    const QString ipt = QStringLiteral("iptables");
    QList<QStringList> rules {
        QStringList {ipt, QStringLiteral("-t"), QStringLiteral("nat"),
                     add ? QStringLiteral("-A") : QStringLiteral("-D"), QStringLiteral("POSTROUTING"),
                     QStringLiteral("-s"), cidr, QStringLiteral("!"), QStringLiteral("-d"), cidr}
            + tag + QStringList {QStringLiteral("-j"), QStringLiteral("MASQUERADE")},
        QStringList {ipt, add ? QStringLiteral("-I") : QStringLiteral("-D"), QStringLiteral("FORWARD"),
                     QStringLiteral("-i"), bridge}
            + tag + QStringList {QStringLiteral("-j"), QStringLiteral("ACCEPT")},
        QStringList {ipt, add ? QStringLiteral("-I") : QStringLiteral("-D"), QStringLiteral("FORWARD"),
                     QStringLiteral("-o"), bridge, QStringLiteral("-m"), QStringLiteral("conntrack"),
                     QStringLiteral("--ctstate"), QStringLiteral("RELATED,ESTABLISHED")}
            + tag + QStringList {QStringLiteral("-j"), QStringLiteral("ACCEPT")}};
    if (add)
        rules.prepend({QStringLiteral("sysctl"), QStringLiteral("-q"), QStringLiteral("-w"),
                       QStringLiteral("net.ipv4.ip_forward=1")});
    return rules;
}

} // namespace

int HostFabric::vni(const QString &lab, const QString &network)
{
    const int v = hashOf(lab + QLatin1Char('/') + network).left(6).toInt(nullptr, 16);
    return v == 0 ? 1 : v;
}

QString HostFabric::bridgeName(const QString &lab, const QString &network, const QString &host)
{
    return QStringLiteral("lf") + hashOf(lab + QLatin1Char('/') + network + QLatin1Char('@') + host).left(10);
}

QString HostFabric::tunnelName(const QString &lab, const QString &network, const QString &host, int peer)
{
    const QString base = QStringLiteral("lv")
        + hashOf(lab + QLatin1Char('/') + network + QLatin1Char('@') + host).left(peer < 0 ? 10 : 8);
    return peer < 0 ? base : base + QStringLiteral("%1").arg(peer, 2, 10, QLatin1Char('0'));
}

QList<QStringList> HostFabric::prepareCommands(const Segment &s)
{
    if (!usesOpenVSwitch(s))
        return {};
    const QString bridge = bridgeName(s.lab, s.network, s.self.name);
    QList<QStringList> commands {{QStringLiteral("ovs-vsctl"), QStringLiteral("--may-exist"), QStringLiteral("add-br"),
                                  bridge, QStringLiteral("--"), QStringLiteral("set"), QStringLiteral("bridge"), bridge,
                                  QStringLiteral("external-ids:labforge-lab=") + s.lab},
                                 {QStringLiteral("ip"), QStringLiteral("link"), QStringLiteral("set"), bridge,
                                  QStringLiteral("mtu"), QString::number(guestMtu()), QStringLiteral("up")}};
    const QHostAddress mask(s.netmask);
    if (!s.gateway.isEmpty() && mask.protocol() == QAbstractSocket::IPv4Protocol)
        commands.append({QStringLiteral("ip"), QStringLiteral("address"), QStringLiteral("replace"),
                         s.gateway + QLatin1Char('/') + QString::number(std::popcount(mask.toIPv4Address())),
                         QStringLiteral("dev"), bridge});
    return commands + natRules(s, bridge, true);
}

QList<QStringList> HostFabric::joinCommands(const Segment &s)
{
    const QString bridge = bridgeName(s.lab, s.network, s.self.name);
    const QString key = QString::number(vni(s.lab, s.network));
    QList<QStringList> commands;
    if (usesOpenVSwitch(s)) {
        for (int i = 0; i < s.peers.size(); ++i) {
            const BootPlan::Host &peer = s.peers.at(i);
            const QString port = tunnelName(s.lab, s.network, s.self.name, i);
            commands.append(
                {QStringLiteral("ovs-vsctl"), QStringLiteral("--may-exist"), QStringLiteral("add-port"), bridge, port,
                 QStringLiteral("--"), QStringLiteral("set"), QStringLiteral("interface"), port,
                 QStringLiteral("type=vxlan"), QStringLiteral("options:remote_ip=") + peer.tunnelAddress,
                 QStringLiteral("options:local_ip=") + s.self.tunnelAddress, QStringLiteral("options:key=") + key,
                 QStringLiteral("options:dst_port=") + QString::number(peer.tunnelPort)});
        }
        return commands;
    }
    const QString device = tunnelName(s.lab, s.network, s.self.name);
    commands.append({QStringLiteral("ip"), QStringLiteral("link"), QStringLiteral("add"), device, QStringLiteral("mtu"),
                     QString::number(guestMtu()), QStringLiteral("type"), QStringLiteral("vxlan"), QStringLiteral("id"),
                     key, QStringLiteral("local"), s.self.tunnelAddress, QStringLiteral("dstport"),
                     QString::number(s.self.tunnelPort), QStringLiteral("nolearning")});
    for (const BootPlan::Host &peer : s.peers)
        commands.append({QStringLiteral("bridge"), QStringLiteral("fdb"), QStringLiteral("append"),
                         QStringLiteral("00:00:00:00:00:00"), QStringLiteral("dev"), device, QStringLiteral("dst"),
                         peer.tunnelAddress, QStringLiteral("port"), QString::number(peer.tunnelPort)});
    commands.append({QStringLiteral("ip"), QStringLiteral("link"), QStringLiteral("set"), device,
                     QStringLiteral("master"), bridge, QStringLiteral("up")});
    return commands;
}

QList<QStringList> HostFabric::removeCommands(const Segment &s)
{
    if (usesOpenVSwitch(s)) {
        const QString bridge = bridgeName(s.lab, s.network, s.self.name);
        return natRules(s, bridge, false)
            + QList<QStringList> {
                {QStringLiteral("ovs-vsctl"), QStringLiteral("--if-exists"), QStringLiteral("del-br"), bridge}};
    }
    return {{QStringLiteral("ip"), QStringLiteral("link"), QStringLiteral("del"),
             tunnelName(s.lab, s.network, s.self.name)}};
}

} // namespace Labforge
