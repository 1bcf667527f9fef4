// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "HostRules.h"
#include "ValidatorText.h"

#include "Ipv4.h"
#include "Lab.h"
#include "ProblemSink.h"
#include "SafeName.h"

#include <QHash>
#include <QRegularExpression>
#include <QSet>

namespace Labforge {

namespace {

// A URI as the validator prints it: a password in it, which it refuses, never shown.
QString withoutPassword(const QString &uri)
{
    static const QRegularExpression password(QStringLiteral("(://[^/@:]*):[^/@]*@"));
    return QString(uri).replace(password, QStringLiteral("\\1@"));
}

void checkHost(const Lab &lab, int i, ProblemSink &sink)
{
    const LabHost &h = lab.hosts.at(i);
    const QString p = QStringLiteral("/hosts/%1").arg(i);
    if (const QString why = SafeName::check(h.name, SafeName::Kind::Network); !why.isEmpty())
        sink.error(HostRules::NameInvalid, p + QStringLiteral("/name"),
                   ValidatorText::tr("host name \"%1\" %2").arg(h.name, why));
    if (const QString option = LabHost::uriLocalFileOption(h.uri); !option.isEmpty())
        sink.error(HostRules::UriLocalFile, p + QStringLiteral("/uri"),
                   ValidatorText::tr("host \"%1\": the URI names a file on this machine with %2=; a lab file "
                                     "may not choose files for ssh to read or write (name them for this host in "
                                     "~/.ssh/config: IdentityFile, UserKnownHostsFile)")
                       .arg(h.name, option));
    else if (const QString why = LabHost::uriProblem(h.uri); !why.isEmpty())
        sink.error(HostRules::UriInvalid, p + QStringLiteral("/uri"),
                   ValidatorText::tr("host \"%1\": the URI \"%2\" %3").arg(h.name, withoutPassword(h.uri), why));
    if (!LabHost::fabrics().contains(h.fabric))
        sink.error(HostRules::FabricUnknown, p + QStringLiteral("/fabric"),
                   ValidatorText::tr("host \"%1\": fabric \"%2\" is not one of %3")
                       .arg(h.name, h.fabric, LabHost::fabrics().join(QStringLiteral(", "))));
    if (h.tunnelPort < 1 || h.tunnelPort > 65535)
        sink.error(HostRules::TunnelInvalid, p + QStringLiteral("/tunnel_port"),
                   ValidatorText::tr("host \"%1\": tunnel port %2 is not a UDP port (1 to 65535)")
                       .arg(h.name)
                       .arg(h.tunnelPort));
    if (h.tunnelAddress.isEmpty()) {
        if (lab.hosts.size() > 1)
            sink.error(HostRules::TunnelInvalid, p,
                       ValidatorText::tr("host \"%1\" has no tunnel_address: with more than one host, each needs "
                                         "the address the others' tunnels reach it at")
                           .arg(h.name));
    } else if (!Ipv4::parse(h.tunnelAddress)) {
        sink.error(HostRules::TunnelInvalid, p + QStringLiteral("/tunnel_address"),
                   ValidatorText::tr("host \"%1\": tunnel address \"%2\" is not an IPv4 address")
                       .arg(h.name, h.tunnelAddress));
    }
    if (h.maxMemoryGb < 0 || h.maxVcpus < 0)
        sink.error(HostRules::LimitsInvalid, p + QStringLiteral("/limits"),
                   ValidatorText::tr("host \"%1\": limits must be positive").arg(h.name));
}

} // namespace

void HostRules::check(const Lab &lab, ProblemSink &sink)
{
    QSet<QString> names;
    QSet<QString> uris;
    QSet<QString> endpoints;
    for (int i = 0; i < lab.hosts.size(); ++i) {
        const LabHost &h = lab.hosts.at(i);
        const QString p = QStringLiteral("/hosts/%1").arg(i);
        checkHost(lab, i, sink);
        if (names.contains(h.name))
            sink.error(HostRules::NameDuplicate, p + QStringLiteral("/name"),
                       ValidatorText::tr("host name \"%1\" is used twice").arg(h.name));
        names.insert(h.name);
        if (uris.contains(h.uri))
            sink.error(HostRules::UriDuplicate, p + QStringLiteral("/uri"),
                       ValidatorText::tr("host \"%1\": another host already has the URI \"%2\"")
                           .arg(h.name, withoutPassword(h.uri)));
        uris.insert(h.uri);
        const QString endpoint = h.tunnelAddress + QLatin1Char(':') + QString::number(h.tunnelPort);
        if (!h.tunnelAddress.isEmpty() && endpoints.contains(endpoint))
            sink.error(HostRules::TunnelInvalid, p + QStringLiteral("/tunnel_address"),
                       ValidatorText::tr("host \"%1\": another host already has the tunnel endpoint %2")
                           .arg(h.name, endpoint));
        endpoints.insert(endpoint);
    }
    QStringList hostNames;
    for (const LabHost &h : lab.hosts)
        hostNames.append(h.name);
    for (int i = 0; i < lab.nodes.size(); ++i) {
        const Node &n = lab.nodes.at(i);
        if (n.placementHost.isEmpty() || lab.host(n.placementHost))
            continue;
        sink.error(HostRules::NodePlacementHostUnknown, QStringLiteral("/nodes/%1/placement/host").arg(i),
                   lab.hosts.isEmpty()
                       ? ValidatorText::tr("node \"%1\" is placed on host \"%2\", but the lab has no hosts")
                             .arg(n.id, n.placementHost)
                       : ValidatorText::tr("node \"%1\" is placed on host \"%2\", which is not one of the lab's hosts "
                                           "(%3)")
                             .arg(n.id, n.placementHost, hostNames.join(u", ")),
                   n.id);
    }
}

} // namespace Labforge
