// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "BootPlan.h"

#include <QList>
#include <QStringList>

namespace Labforge {

// One lab network across several hosts: on each host a bridge, and a VXLAN endpoint on it
// that carries the network's frames to the same network's bridge on every other host
// (head-end replication, no multicast). The key (VNI) is the lab's and the network's, the
// same on every host; the bridges' MTU leaves room for the tunnel's headers. Pure: it says
// which commands build and remove it (HostShell runs them on each host).
//
// Fabrics: "linux-bridge" (the bridge is libvirt's own network bridge; one kernel vxlan
// device with one forwarding entry per peer, so peers may listen on different UDP ports)
// and "ovs" (an Open vSwitch bridge labforge creates, one vxlan port per peer; Open
// vSwitch listens on the port it sends to, so every host of an ovs lab uses one port; on the
// gateway host the bridge gets the network's gateway address, and NAT rules tagged with the
// lab and network when the network masquerades).
class HostFabric
{
public:
    // VXLAN over IPv4: outer Ethernet 14, IPv4 20, UDP 8 and VXLAN 8 bytes.
    static constexpr int TunnelOverhead = 50;
    static constexpr int UnderlayMtu = 1500;
    static int guestMtu() { return UnderlayMtu - TunnelOverhead; }

    // 1 … 2^24 - 1, from the lab's and the network's names.
    static int vni(const QString &lab, const QString &network);
    // Linux interface names (at most 15 characters), distinct per host so that two hosts
    // on one kernel (the tests' loopback hosts) do not collide.
    static QString bridgeName(const QString &lab, const QString &network, const QString &host);
    static QString tunnelName(const QString &lab, const QString &network, const QString &host, int peer = -1);

    struct Segment
    {
        QString lab;
        QString network;
        BootPlan::Host self;
        QList<BootPlan::Host> peers; // the other hosts with a node on this network
        // On the gateway host: the network's gateway address and mask, and whether it
        // masquerades (ovs: labforge gives the bridge the address and the NAT, as libvirt does
        // for its own networks).
        QString gateway;
        QString netmask;
        bool nat = false;
    };
    // Before the libvirt network is defined (ovs: the bridge itself).
    static QList<QStringList> prepareCommands(const Segment &s);
    // After it has started: the tunnel endpoint(s) on the bridge.
    static QList<QStringList> joinCommands(const Segment &s);
    // Everything prepare and join made, absent parts ignored; run before the libvirt
    // network is destroyed.
    static QList<QStringList> removeCommands(const Segment &s);
    // The libvirt network XML's extra elements for this fabric: <virtualport> for ovs.
    static bool usesOpenVSwitch(const Segment &s) { return s.self.fabric == QLatin1String("ovs"); }
};

} // namespace Labforge
