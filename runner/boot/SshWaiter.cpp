// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "SshWaiter.h"

#include "HostShell.h"
#include "Libvirt.h"
#include "Redactor.h"
#include "SshTransport.h"

#include <QElapsedTimer>
#include <QFile>
#include <QMutex>
#include <QTcpSocket>
#include <QThread>
#include <QThreadPool>
#include <QtConcurrent>

namespace Labforge {

SshWaiter::SshWaiter(Setup setup)
    : m_setup(std::move(setup))
{ }

int SshWaiter::defaultTimeout(const BootPlan &plan, int hostCores)
{
    constexpr int Floor = 900;
    if (plan.accel != BootPlan::Accel::Tcg || plan.domains.isEmpty())
        return Floor;
    const qsizetype cores = std::max(1, hostCores);
    const qsizetype guestsPerCore = (plan.domains.size() + cores - 1) / cores;
    return std::max(Floor, int(guestsPerCore) * 480);
}

QString SshWaiter::consoleTail(const QString &consoleLog, const QString &uri)
{
    QString text;
    if (const HostShell host(uri); host.isRemote()) {
        // The log is libvirt's on the node's host: its last lines through that host's shell.
        QByteArray output;
        QString why;
        text = host.run({QStringLiteral("tail"), QStringLiteral("-n"), QString::number(ConsoleLines),
                         QStringLiteral("--"), consoleLog},
                        &why, &output)
            ? QString::fromUtf8(output)
            : QStringLiteral("(the console log on the node's host could not be read: %1)").arg(why);
    } else {
        QFile f(consoleLog);
        text = f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
    }
    const QStringList lines = text.split(QLatin1Char('\n'));
    return lines.mid(std::max<qsizetype>(0, lines.size() - ConsoleLines)).join(QLatin1Char('\n'));
}

void SshWaiter::emitEvent(const QString &node, const QString &message, RunEvent::Type type, RunEvent::NodeState state,
                          double progress) const
{
    if (!m_setup.events)
        return;
    RunEvent e;
    e.type = type;
    e.stage = RunStage::Ssh;
    e.node = node;
    e.message = m_setup.redactor ? m_setup.redactor->redact(message) : message;
    e.progress = progress;
    e.nodeState = state;
    m_setup.events(e);
}

SshWaiter::Outcome SshWaiter::wait(const QList<BootPlan::Domain> &domains) const
{
    QHash<QString, SshTransport::Target> targets;
    for (const BootPlan::Domain &d : domains)
        targets.insert(d.node, SshTransport::Target {d.sshHost, m_setup.users.value(d.node), 22});
    SshTransport ssh(targets, m_setup.privateKeyFile, m_setup.knownHostsFile, m_setup.controlDir, false);
    ssh.setConnectTimeoutSeconds(AttemptSeconds);
    const int timeout = m_setup.timeoutSeconds;
    Outcome outcome;
    QMutex mutex;
    QStringList failures;
    QThreadPool pool;
    pool.setMaxThreadCount(std::max(1, int(domains.size())));
    QList<BootPlan::Domain> work = domains;
    QtConcurrent::blockingMap(&pool, work, [&](const BootPlan::Domain &d) {
        QElapsedTimer timer;
        timer.start();
        Libvirt virt(m_setup.uriOfNode.value(d.node, m_setup.uri));
        QString lastProblem = QStringLiteral("no answer on port 22");
        int reported = -1;
        while (timer.elapsed() < qint64(timeout) * 1000) {
            if (m_setup.cancel.isCancelled())
                return;
            if (virt.isOpen() && !virt.isDomainRunning(d.name)) {
                lastProblem = QStringLiteral("the VM stopped");
                break;
            }
            bool loginFailed = false;
            QTcpSocket socket;
            socket.connectToHost(d.sshHost, 22);
            if (socket.waitForConnected(3000)) {
                socket.abort();
                // The first command reads the guest's uptime: when, in its own boot, it answered.
                // Once sshd accepts, an attempt waits: see AttemptSeconds.
                const qint64 left = qint64(timeout) * 1000 - timer.elapsed();
                const auto r = ssh.run(d.node, QStringLiteral("cut -d' ' -f1 /proc/uptime"),
                                       int(std::clamp<qint64>(left, 1000, AttemptSeconds * 1000LL)), m_setup.cancel);
                if (r.exitCode == 0) {
                    bool number = false;
                    const double uptime = r.stdoutData.trimmed().toDouble(&number);
                    emitEvent(d.node, QStringLiteral("up: SSH answered after %1 s").arg(timer.elapsed() / 1000),
                              RunEvent::Type::NodeState, RunEvent::NodeState::Up, 1);
                    QMutexLocker lock(&mutex);
                    outcome.up.append(d.node);
                    if (number)
                        outcome.firstCommandUptimeS.insert(d.node, uptime);
                    return;
                }
                lastProblem = r.error.isEmpty() ? QStringLiteral("ssh exited %1").arg(r.exitCode) : r.error;
                loginFailed = true;
            }
            const int minute = int(timer.elapsed() / 60000);
            if (minute != reported) {
                reported = minute;
                emitEvent(d.node,
                          QStringLiteral("waiting for SSH (%1 s): %2").arg(timer.elapsed() / 1000).arg(lastProblem),
                          RunEvent::Type::Log);
            }
            // A refused connection costs the guest nothing (its kernel answers): poll often, so the
            // first command follows sshd's start by half a second rather than up to three. A failed
            // login costs the guest a session: wait longer before the next.
            QThread::msleep(loginFailed ? 3000 : 500);
        }
        const QString tail = consoleTail(d.consoleLog, m_setup.uriOfNode.value(d.node));
        {
            QMutexLocker lock(&mutex);
            outcome.consoles.insert(d.node, m_setup.redactor ? m_setup.redactor->redact(tail) : tail);
            failures.append(
                QStringLiteral(
                    "node %1 did not answer SSH within %2 s (%3). Console log: %4\n--- last console lines ---\n%5")
                    .arg(d.node)
                    .arg(timeout)
                    .arg(lastProblem, d.consoleLog, tail));
        }
        emitEvent(d.node, QStringLiteral("failed"), RunEvent::Type::NodeState, RunEvent::NodeState::Failed);
    });
    if (m_setup.cancel.isCancelled()) {
        outcome.cancelled = true;
        outcome.error = QStringLiteral("cancelled while waiting for SSH");
        return outcome;
    }
    outcome.ok = failures.isEmpty();
    outcome.error = failures.join(QStringLiteral("\n\n"));
    return outcome;
}

} // namespace Labforge
