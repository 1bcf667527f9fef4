// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "HostKeys.h"

#include "HostCommand.h"
#include "Lab.h"
#include "PrivateFile.h"

#include <QFile>
#include <QFileInfo>

namespace Labforge {

QString HostKeys::path(const QString &runDir, const QString &node)
{
    return runDir + QStringLiteral("/hostkeys/") + node + QStringLiteral("/ssh_host_ed25519_key");
}

bool HostKeys::prepare(const Lab &lab, const QString &runDir, QString *error)
{
    QByteArray knownHosts;
    for (const Node &n : lab.nodes) {
        const QString key = path(runDir, n.id);
        if (!QFile::exists(key)) {
            if (!PrivateFile::makeDirectory(runDir + QStringLiteral("/hostkeys"), error)
                || !PrivateFile::makeDirectory(QFileInfo(key).path(), error))
                return false;
            const auto r = HostCommand(QStringLiteral("ssh-keygen"),
                                       {QStringLiteral("-q"), QStringLiteral("-t"), QStringLiteral("ed25519"),
                                        QStringLiteral("-N"), QString(), QStringLiteral("-C"),
                                        QStringLiteral("root@") + n.id, QStringLiteral("-f"), key})
                               .timeout(30000)
                               .run();
            if (!r.ok()) {
                *error = r.describe(QStringLiteral("ssh-keygen (host key)"));
                return false;
            }
        }
        QFile publicKey(key + QStringLiteral(".pub"));
        const QString pub = publicKey.open(QIODevice::ReadOnly)
            ? QString::fromUtf8(publicKey.readAll()).section(QLatin1Char(' '), 0, 1)
            : QString();
        for (const NodeInterface &iface : n.interfaces)
            knownHosts += iface.ip.toUtf8() + ' ' + pub.toUtf8() + '\n';
    }
    QFile f(runDir + QStringLiteral("/known_hosts"));
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(knownHosts) != knownHosts.size()) {
        *error = QStringLiteral("cannot write %1").arg(f.fileName());
        return false;
    }
    return true;
}

} // namespace Labforge
