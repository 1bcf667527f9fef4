// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "SshConfig.h"

#include "Lab.h"

#include <QFile>

namespace Labforge {

namespace {

// ssh_config takes a value with spaces in double quotes.
QByteArray quoted(const QString &value)
{
    return '"' + value.toUtf8() + '"';
}

} // namespace

QByteArray SshConfig::text(const Lab &lab, const QString &runDir, const QString &privateKeyFile)
{
    QByteArray out =
        "# Written by labforge for lab " + lab.name.toUtf8() + ": ssh -F " + quoted(path(runDir)) + " NODE\n";
    for (const Node &n : lab.nodes) {
        const QString user = userOf(n);
        if (n.ip().isEmpty() || user.isEmpty())
            continue;
        out += "\nHost " + n.id.toUtf8() + "\n";
        out += "    HostName " + n.ip().toUtf8() + "\n";
        out += "    User " + user.toUtf8() + "\n";
        out += "    IdentityFile " + quoted(privateKeyFile) + "\n";
        out += "    IdentitiesOnly yes\n";
        out += "    UserKnownHostsFile " + quoted(runDir + QStringLiteral("/known_hosts")) + "\n";
        out += "    GlobalKnownHostsFile /dev/null\n";
        out += "    StrictHostKeyChecking yes\n";
        out += "    ControlMaster auto\n";
        out += "    ControlPath " + quoted(runDir + QStringLiteral("/ssh/c-%C")) + "\n";
        out += "    ControlPersist 60\n";
        out += "    LogLevel ERROR\n";
    }
    return out;
}

QStringList SshConfig::nodes(const QString &file)
{
    QStringList out;
    QFile f(file);
    if (f.open(QIODevice::ReadOnly)) {
        for (const QByteArray &line : f.readAll().split('\n')) {
            if (line.startsWith("Host "))
                out.append(QString::fromUtf8(line.mid(5)));
        }
    }
    return out;
}

QString SshConfig::userOf(const Node &node)
{
    for (const User &u : node.recipe.users) {
        if (u.ssh)
            return u.name;
    }
    return {};
}

} // namespace Labforge
