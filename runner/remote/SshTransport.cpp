// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "SshTransport.h"

#include "HostCommand.h"
#include "RemoteShell.h"
#include "Shell.h"

#include <QDir>
#include <QFile>

namespace Labforge {

SshTransport::SshTransport(QHash<QString, Target> targets, QString identityFile, QString knownHostsFile,
                           QString controlDirectory, bool multiplex)
    : m_targets(std::move(targets))
    , m_identity(std::move(identityFile))
    , m_knownHosts(std::move(knownHostsFile))
    , m_controlDirectory(std::move(controlDirectory))
    , m_multiplex(multiplex)
{
    QDir().mkpath(m_controlDirectory);
    QFile::setPermissions(m_controlDirectory, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
}

SshTransport::~SshTransport()
{
    SshTransport::close(); // not virtual dispatch: the derived part is gone in a destructor
}

QStringList SshTransport::baseArguments(const QString &node) const
{
    const Target t = m_targets.value(node);
    // -T -x -a: no terminal, no X11 or agent forwarding: less to set up per command.
    QStringList args {QStringLiteral("-T"),
                      QStringLiteral("-x"),
                      QStringLiteral("-a"),
                      QStringLiteral("-F"),
                      QStringLiteral("/dev/null"),
                      QStringLiteral("-o"),
                      QStringLiteral("BatchMode=yes"),
                      QStringLiteral("-o"),
                      QStringLiteral("StrictHostKeyChecking=yes"),
                      QStringLiteral("-o"),
                      QStringLiteral("UserKnownHostsFile=") + m_knownHosts,
                      QStringLiteral("-o"),
                      QStringLiteral("GlobalKnownHostsFile=/dev/null"),
                      QStringLiteral("-o"),
                      QStringLiteral("HostKeyAlgorithms=ssh-ed25519"),
                      QStringLiteral("-o"),
                      QStringLiteral("IdentitiesOnly=yes"),
                      QStringLiteral("-o"),
                      QStringLiteral("ConnectTimeout=%1").arg(m_connectTimeoutSeconds),
                      QStringLiteral("-o"),
                      QStringLiteral("ServerAliveInterval=15"),
                      QStringLiteral("-o"),
                      QStringLiteral("LogLevel=ERROR"),
                      QStringLiteral("-i"),
                      m_identity,
                      QStringLiteral("-p"),
                      QString::number(t.port)};
    // The control socket is named by host and port (not %C, a 40-character hash): with the
    // lab name at most 32 characters the path, plus the 17 characters ssh appends while
    // creating it, stays within sun_path (108 bytes) under the default cache root. A cache
    // root so long that it would not fits gets plain connections instead.
    const QString socket = m_controlDirectory + QStringLiteral("/%1-%2").arg(t.host).arg(t.port);
    constexpr int SunPathMax = 107, SshTemporarySuffix = 17;
    if (m_multiplex && QFile::encodeName(socket).size() + SshTemporarySuffix <= SunPathMax)
        args += {QStringLiteral("-o"), QStringLiteral("ControlMaster=auto"),
                 QStringLiteral("-o"), QStringLiteral("ControlPath=") + m_controlDirectory + QStringLiteral("/%h-%p"),
                 QStringLiteral("-o"), QStringLiteral("ControlPersist=300")};
    args.append(t.user + QLatin1Char('@') + t.host);
    return args;
}

Transport::Result SshTransport::run(const QString &node, const QString &script, int timeoutMs,
                                    const CancelToken &cancel)
{
    if (!m_targets.contains(node)) {
        Result out;
        out.transportFailed = true;
        out.error = QStringLiteral("no SSH target for node %1").arg(node);
        return out;
    }
    if (!m_multiplex || !m_persistent)
        return runOnce(node, script, timeoutMs, cancel);
    int generation = 0;
    std::unique_ptr<RemoteShell> shell = takeShell(node, &generation);
    Result out = shell->run(script, timeoutMs, cancel);
    if (shell->isAlive()) {
        QMutexLocker lock(&m_poolLock);
        if (m_generation.value(node) == generation)
            m_idle[node].push_back(std::move(shell));
    }
    return out;
}

std::unique_ptr<RemoteShell> SshTransport::takeShell(const QString &node, int *generation)
{
    {
        QMutexLocker lock(&m_poolLock);
        *generation = m_generation.value(node);
        auto &idle = m_idle[node];
        if (!idle.empty()) {
            std::unique_ptr<RemoteShell> kept = std::move(idle.back());
            idle.pop_back();
            return kept;
        }
    }
    return std::make_unique<RemoteShell>(QStringList {QStringLiteral("ssh")} + baseArguments(node)
                                         + QStringList {QStringLiteral("--")});
}

Transport::Result SshTransport::runOnce(const QString &node, const QString &script, int timeoutMs,
                                        const CancelToken &cancel)
{
    Result out;
    // The script travels as an argument, not on stdin: a command in it that reads its input
    // (srun forwards stdin to its first task) would otherwise eat the rest of the script.
    // One argument may hold 128 KiB on Linux; a longer script goes on stdin.
    const bool asArgument = script.toUtf8().size() < qsizetype(96) * 1024;
    const auto r = HostCommand(QStringLiteral("ssh"),
                               baseArguments(node)
                                   + QStringList {QStringLiteral("--"),
                                                  asArgument ? QStringLiteral("bash -c ") + Shell::quote(script)
                                                             : QStringLiteral("bash -s")})
                       .input(asArgument ? QByteArray() : script.toUtf8())
                       .timeout(timeoutMs)
                       .cancel(cancel)
                       .separateStderr()
                       .run();
    out.exitCode = r.exitCode;
    out.stdoutData = r.output;
    out.stderrData = r.errorOutput;
    out.timedOut = r.timedOut;
    out.cancelled = r.cancelled;
    out.elapsedMs = r.elapsedMs;
    // ssh itself exits 255 when it cannot connect or authenticate (host key mismatch included).
    if (r.failedToStart || r.exitCode == 255) {
        out.transportFailed = true;
        out.error =
            r.failedToStart ? QStringLiteral("ssh could not be started") : QString::fromUtf8(r.errorOutput).trimmed();
    }
    return out;
}

void SshTransport::close()
{
    for (auto it = m_targets.begin(); it != m_targets.end(); ++it)
        SshTransport::forget(it.key());
}

void SshTransport::forget(const QString &node)
{
    if (!m_multiplex || !m_targets.contains(node))
        return;
    std::vector<std::unique_ptr<RemoteShell>> shells;
    {
        QMutexLocker lock(&m_poolLock);
        shells = std::move(m_idle[node]);
        m_idle.erase(node);
        m_generation[node] += 1;
    }
    shells.clear(); // stops them
    QStringList args = baseArguments(node);
    args.insert(args.size() - 1, QStringLiteral("-O"));
    args.insert(args.size() - 1, QStringLiteral("exit"));
    HostCommand(QStringLiteral("ssh"), args).timeout(10000).run();
}

} // namespace Labforge
