// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "LabHost.h"

#include <QRegularExpression>
#include <QUrl>
#include <QUrlQuery>

namespace Labforge {

QStringList LabHost::uriSchemes()
{
    return {QStringLiteral("qemu"), QStringLiteral("qemu+ssh"), QStringLiteral("qemu+tls"), QStringLiteral("qemu+tcp"),
            QStringLiteral("test")};
}

QString LabHost::uriProblem(const QString &uri)
{
    if (uri.isEmpty())
        return QStringLiteral("is empty");
    // The URI reaches libvirt and, for qemu+ssh, the ssh command line: plain characters only.
    static const QRegularExpression plain(
        QRegularExpression::anchoredPattern(QStringLiteral("[A-Za-z0-9+.:/@_%=&?~-]+")));
    if (!plain.match(uri).hasMatch())
        return QStringLiteral("may use only letters, digits and + . : / @ _ % = & ? ~ -");
    const QUrl url(uri, QUrl::StrictMode);
    if (!url.isValid())
        return QStringLiteral("is not a URI (%1)").arg(url.errorString());
    // A password in a URI would be written to run records and printed by `status`; ssh keys,
    // an agent or libvirt's own authentication reach a host instead.
    if (!url.password().isEmpty() || url.userInfo().contains(QLatin1Char(':')))
        return QStringLiteral("carries a password; reach the host with an SSH key or libvirt's own authentication");
    if (!uriSchemes().contains(url.scheme()))
        return QStringLiteral("has the scheme \"%1\"; labforge reaches hosts with %2")
            .arg(url.scheme(), uriSchemes().join(QStringLiteral(", ")));
    if (url.scheme() == QLatin1String("test")) {
        // libvirt's simulated hypervisor, for trying a lab's placement: its shared default
        // state only (a test:// path would make libvirt read that file), told apart by host=.
        if (url.path() != QLatin1String("/default") || !url.host().isEmpty())
            return QStringLiteral("must be test:///default (libvirt's simulated hypervisor)");
        for (const auto &item : QUrlQuery(url).queryItems()) {
            if (item.first != QLatin1String("host"))
                return QStringLiteral("has the parameter \"%1\"; a test:///default URI may give only host")
                    .arg(item.first);
        }
        return {};
    }
    // A lab file is untrusted: no query parameter that names a program or a socket for libvirt
    // (or labforge) to run or reach (command=, netcat=, socket=, proxy=, …) or a local file for
    // ssh to read or write (keyfile=, known_hosts=); only these.
    if (const QString option = uriLocalFileOption(uri); !option.isEmpty())
        return QStringLiteral("names a file on this machine with %1=; a lab file may not choose files for ssh to "
                              "read or write: name the key and known-hosts file of this host in your SSH "
                              "configuration (~/.ssh/config: IdentityFile, UserKnownHostsFile)")
            .arg(option);
    const QStringList allowed {QStringLiteral("no_verify"), QStringLiteral("no_tty"), QStringLiteral("sshauth")};
    for (const auto &item : QUrlQuery(url).queryItems()) {
        if (!allowed.contains(item.first))
            return QStringLiteral("has the parameter \"%1\"; a lab file may give only %2")
                .arg(item.first, allowed.join(QStringLiteral(", ")));
    }
    if (url.path() != QLatin1String("/system"))
        return QStringLiteral("must end in /system (a lab's bridges and domains are the system daemon's)");
    if (url.scheme() != QLatin1String("qemu") && url.host().isEmpty())
        return QStringLiteral("names no host");
    if (url.host().startsWith(QLatin1Char('-')) || url.userName().startsWith(QLatin1Char('-')))
        return QStringLiteral("names a host or user starting with '-'");
    return {};
}

QString LabHost::uriLocalFileOption(const QString &uri)
{
    for (const auto &item : QUrlQuery(QUrl(uri)).queryItems()) {
        if (item.first == QLatin1String("keyfile") || item.first == QLatin1String("known_hosts"))
            return item.first;
    }
    return {};
}

QString LabHost::sshDestination(const QString &uri)
{
    const QUrl url(uri);
    if (url.scheme() != QLatin1String("qemu+ssh"))
        return {};
    return url.userName().isEmpty() ? url.host() : url.userName() + QLatin1Char('@') + url.host();
}

bool LabHost::isLocalUri(const QString &uri)
{
    const QUrl url(uri);
    return url.scheme() == QLatin1String("qemu") && url.host().isEmpty();
}

} // namespace Labforge
