// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QString>
#include <QStringList>

namespace Labforge {

// One libvirt host a lab may place nodes on (`hosts[]`, format 3). Without hosts the whole
// lab runs on the host that runs labforge, as it always did. With them, every lab network
// becomes a bridge on each host that has a node on it, joined to the others by VXLAN
// between the hosts' tunnel addresses.
struct LabHost
{
    static constexpr int DefaultTunnelPort = 4789;

    QString name {};
    QString uri {}; // libvirt URI: qemu:///system, qemu+ssh://user@host/system, …
    QString tunnelAddress {}; // IPv4 the other hosts' tunnels reach this host at
    int tunnelPort = DefaultTunnelPort; // UDP port of this host's VXLAN endpoint
    QString fabric = QStringLiteral("ovs"); // how lab networks are built here: "ovs" or "linux-bridge"
    int maxMemoryGb = 0; // limits.memory_gb: at most this much guest memory here (0: the host's own)
    int maxVcpus = 0; // limits.vcpus: at most this many guest vCPUs here (0: the host's own)

    static QStringList fabrics() { return {QStringLiteral("ovs"), QStringLiteral("linux-bridge")}; }
    // The URI schemes labforge reaches a host with.
    static QStringList uriSchemes();
    // Empty when `uri` is a libvirt URI a lab file may give, else why not.
    static QString uriProblem(const QString &uri);
    // The query parameter of `uri` that names a file on this machine (keyfile=, known_hosts=),
    // else empty. A lab file may not choose files that ssh reads or writes as the user who
    // runs labforge (with no_verify=1 ssh writes the host's key into known_hosts before it
    // authenticates); the user's SSH configuration names them for a host.
    static QString uriLocalFileOption(const QString &uri);
    // The SSH destination ("user@host", with -p port) of a qemu+ssh URI; empty for a local one.
    static QString sshDestination(const QString &uri);
    static bool isLocalUri(const QString &uri);

    bool operator==(const LabHost &) const = default;
};

} // namespace Labforge
