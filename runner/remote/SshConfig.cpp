// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "SshConfig.h"

#include "HostCommand.h"
#include "Lab.h"
#include "SshTransport.h"

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QThread>

#include <memory>
#include <vector>

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
    for (const auto &[node, target] : hosts(file))
        out.append(node);
    return out;
}

QList<std::pair<QString, SshTransport::Target>> SshConfig::hosts(const QString &file)
{
    QList<std::pair<QString, SshTransport::Target>> out;
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly))
        return out;
    for (const QByteArray &line : f.readAll().split('\n')) {
        const QByteArray trimmed = line.trimmed();
        if (line.startsWith("Host "))
            out.append({QString::fromUtf8(line.mid(5)), SshTransport::Target {}});
        else if (!out.isEmpty() && trimmed.startsWith("HostName "))
            out.last().second.host = QString::fromUtf8(trimmed.mid(9));
        else if (!out.isEmpty() && trimmed.startsWith("User "))
            out.last().second.user = QString::fromUtf8(trimmed.mid(5));
    }
    return out;
}

std::unique_ptr<Transport> SshConfig::transport(const QString &runDir, QString *error)
{
    const QString key = runDir + QStringLiteral("/secrets/id_ed25519");
    QHash<QString, SshTransport::Target> targets;
    for (const auto &[node, target] : hosts(path(runDir)))
        targets.insert(node, target);
    if (targets.isEmpty() || !QFile::exists(key)) {
        *error =
            QStringLiteral("no node of %1 can be reached: the run left no ssh_config or SSH key there").arg(runDir);
        return nullptr;
    }
    return std::make_unique<SshTransport>(targets, key, runDir + QStringLiteral("/known_hosts"),
                                          runDir + QStringLiteral("/ssh"), true);
}

QString SshConfig::userOf(const Node &node)
{
    for (const User &u : node.recipe.users) {
        if (u.ssh)
            return u.name;
    }
    return {};
}

void SshConfig::closeConnections(const QString &runDir, const QStringList &nodes)
{
    for (const QString &node : nodes) {
        QProcess ssh;
        ssh.setProcessEnvironment(HostCommand::cleanEnvironment());
        ssh.start(QStringLiteral("ssh"),
                  {QStringLiteral("-F"), path(runDir), QStringLiteral("-O"), QStringLiteral("exit"), node});
        if (!ssh.waitForFinished(10000))
            ssh.kill();
        ssh.waitForFinished(1000);
    }
}

bool SshConfig::waitUntilAnswering(const QString &runDir, const QStringList &nodes, int timeoutMs,
                                   const CancelToken &cancel, QString *error)
{
    struct Try
    {
        QString node;
        std::unique_ptr<QProcess> ssh;
        QString last;
        bool answered = false;
        qint64 nextAt = 0;
    };
    std::vector<Try> tries;
    for (const QString &n : nodes)
        tries.push_back(Try {n, nullptr, QString(), false, 0});
    QElapsedTimer clock;
    clock.start();
    const auto start = [&](Try &t) {
        t.ssh = std::make_unique<QProcess>();
        t.ssh->setProcessChannelMode(QProcess::MergedChannels);
        t.ssh->setProcessEnvironment(HostCommand::cleanEnvironment());
        t.ssh->start(QStringLiteral("ssh"),
                     {QStringLiteral("-F"), path(runDir), QStringLiteral("-o"), QStringLiteral("BatchMode=yes"),
                      QStringLiteral("-o"), QStringLiteral("ConnectTimeout=5"), t.node, QStringLiteral("true")});
    };
    while (clock.elapsed() < timeoutMs && !cancel.isCancelled()) {
        bool waiting = false;
        for (Try &t : tries) {
            if (t.answered)
                continue;
            waiting = true;
            if (!t.ssh && clock.elapsed() >= t.nextAt)
                start(t);
            if (t.ssh && (t.ssh->state() == QProcess::NotRunning || t.ssh->waitForFinished(0))) {
                t.answered = t.ssh->exitStatus() == QProcess::NormalExit && t.ssh->exitCode() == 0;
                t.last = QString::fromLocal8Bit(t.ssh->readAll()).trimmed();
                t.ssh.reset();
                t.nextAt = clock.elapsed() + 1000;
            }
        }
        if (!waiting)
            return true;
        QThread::msleep(50);
    }
    QStringList silent;
    for (Try &t : tries) {
        if (t.ssh) {
            t.ssh->kill();
            t.ssh->waitForFinished(1000);
        }
        if (!t.answered)
            silent.append(
                QStringLiteral("%1 (%2)").arg(t.node, t.last.isEmpty() ? QStringLiteral("no answer") : t.last));
    }
    if (silent.isEmpty())
        return true;
    *error = cancel.isCancelled() ? QStringLiteral("cancelled while waiting for SSH")
                                  : QStringLiteral("no SSH answer within %1 s from %2")
                                        .arg(timeoutMs / 1000)
                                        .arg(silent.join(QStringLiteral(", ")));
    return false;
}

} // namespace Labforge
