// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "RemoteShell.h"

#include "HostCommand.h"
#include "Shell.h"

#include <QElapsedTimer>
#include <QRandomGenerator>

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace Labforge {

namespace {
constexpr int TimeoutExitCode = 124; // coreutils timeout: the command ran out of time
constexpr int KilledExitCode = 137; // … and ignored SIGTERM for the -k grace
constexpr int KillGraceSeconds = 5;
constexpr int ClientGraceMs = 15000; // beyond the remote timeout and its grace

void closeFd(int &fd)
{
    if (fd >= 0)
        ::close(fd);
    fd = -1;
}

// The status the marker for `id` carries, and where it starts in `data`; -1 when not there yet.
qsizetype findMarker(const QByteArray &data, const QByteArray &marker, int *status)
{
    const qsizetype at = data.indexOf(marker);
    if (at < 0)
        return -1;
    const qsizetype end = data.indexOf('\n', at + marker.size());
    if (end < 0)
        return -1;
    bool ok = false;
    *status = data.mid(at + marker.size(), end - at - marker.size()).toInt(&ok);
    return ok ? at : -1;
}
} // namespace

QString RemoteShell::driverScript()
{
    // $1 is the session's marker. A request is "<id> <seconds>\n<script>\0"; the answer is
    // the script's output on each stream followed by "<marker>:<id>:<status>\n" on both.
    // A script longer than one argument may be (128 KiB) is read from a descriptor.
    return QStringLiteral("m=$1\n"
                          "while IFS=' ' read -r id secs && IFS= read -r -d '' s; do\n"
                          "  if [ ${#s} -lt 100000 ]; then timeout -k %1 \"$secs\" bash -c \"$s\" </dev/null\n"
                          "  else timeout -k %1 \"$secs\" bash /dev/fd/3 3<<<\"$s\" </dev/null; fi\n"
                          "  rc=$?\n"
                          "  printf '%s:%s:%s\\n' \"$m\" \"$id\" \"$rc\"\n"
                          "  printf '%s:%s:%s\\n' \"$m\" \"$id\" \"$rc\" >&2\n"
                          "done\n")
        .arg(KillGraceSeconds);
}

RemoteShell::RemoteShell(QStringList sshCommand)
    : m_command(std::move(sshCommand))
{ }

RemoteShell::~RemoteShell()
{
    stop();
}

bool RemoteShell::start(QString *error)
{
    quint32 random[4];
    QRandomGenerator::system()->fillRange(random);
    m_marker = QByteArray(reinterpret_cast<const char *>(random), sizeof random).toHex();

    int in[2], out[2], err[2];
    // stdin is a socket so a write to a session that ended fails with EPIPE, not SIGPIPE.
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, in) != 0) {
        *error = QStringLiteral("socketpair: %1").arg(QString::fromLocal8Bit(strerror(errno)));
        return false;
    }
    if (::pipe2(out, O_CLOEXEC) != 0 || ::pipe2(err, O_CLOEXEC) != 0) {
        *error = QStringLiteral("pipe: %1").arg(QString::fromLocal8Bit(strerror(errno)));
        ::close(in[0]);
        ::close(in[1]);
        return false;
    }
    QStringList args = m_command;
    args.append(QStringLiteral("bash -c ") + Shell::quote(driverScript()) + QStringLiteral(" labforge-shell ")
                + QString::fromLatin1(m_marker));
    std::vector<QByteArray> argStore, envStore;
    for (const QString &a : args)
        argStore.push_back(a.toLocal8Bit());
    for (const QString &e : HostCommand::cleanEnvironment().toStringList())
        envStore.push_back(e.toLocal8Bit());
    std::vector<char *> argv, envp;
    for (QByteArray &a : argStore)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    for (QByteArray &e : envStore)
        envp.push_back(e.data());
    envp.push_back(nullptr);

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, in[1], 0);
    posix_spawn_file_actions_adddup2(&actions, out[1], 1);
    posix_spawn_file_actions_adddup2(&actions, err[1], 2);
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    sigset_t defaults;
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGPIPE);
    posix_spawnattr_setsigdefault(&attributes, &defaults);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF);
    const int spawned = ::posix_spawnp(&m_pid, argv[0], &actions, &attributes, argv.data(), envp.data());
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    ::close(in[1]);
    ::close(out[1]);
    ::close(err[1]);
    m_in = in[0];
    m_out = out[0];
    m_err = err[0];
    if (spawned != 0) {
        m_pid = -1;
        closeFd(m_in);
        closeFd(m_out);
        closeFd(m_err);
        *error = QStringLiteral("%1 could not be started: %2")
                     .arg(m_command.value(0), QString::fromLocal8Bit(strerror(spawned)));
        return false;
    }
    for (int fd : {m_in, m_out, m_err})
        ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
    return true;
}

int RemoteShell::reap(bool wait)
{
    if (m_pid <= 0)
        return -1;
    int status = 0;
    const pid_t r = ::waitpid(m_pid, &status, wait ? 0 : WNOHANG);
    if (r != m_pid)
        return -1;
    m_pid = -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

void RemoteShell::stop()
{
    closeFd(m_in); // the remote loop ends at end of input
    closeFd(m_out);
    closeFd(m_err);
    if (m_pid <= 0)
        return;
    ::kill(m_pid, SIGTERM);
    for (int i = 0; i < 50 && m_pid > 0; ++i) {
        if (reap(false) < 0 && m_pid > 0)
            ::usleep(20000);
    }
    if (m_pid > 0) {
        ::kill(m_pid, SIGKILL);
        reap(true);
    }
}

bool RemoteShell::writeAll(const QByteArray &data, qint64 deadlineMs, const CancelToken &cancel)
{
    QElapsedTimer timer;
    timer.start();
    qsizetype done = 0;
    while (done < data.size()) {
        const ssize_t n = ::send(m_in, data.constData() + done, size_t(data.size() - done), MSG_NOSIGNAL);
        if (n > 0) {
            done += n;
            continue;
        }
        if (n < 0 && errno != EAGAIN && errno != EINTR)
            return false;
        if (cancel.isCancelled() || timer.elapsed() > deadlineMs)
            return false;
        pollfd p {m_in, POLLOUT, 0};
        ::poll(&p, 1, 100);
    }
    return true;
}

Transport::Result RemoteShell::run(const QString &script, int timeoutMs, const CancelToken &cancel)
{
    Transport::Result result;
    QElapsedTimer timer;
    timer.start();
    if (m_pid <= 0 && !start(&result.error)) {
        result.transportFailed = true;
        return result;
    }
    const QByteArray body = script.toUtf8();
    if (body.contains('\0')) {
        result.transportFailed = true;
        result.error = QStringLiteral("a script cannot contain a NUL byte");
        return result;
    }
    const quint64 id = m_next++;
    const int seconds = std::max(1, (timeoutMs + 999) / 1000);
    const QByteArray marker = m_marker + ':' + QByteArray::number(id) + ':';
    const qint64 deadline = qint64(timeoutMs) + ClientGraceMs;
    QByteArray out, err;
    auto fail = [&](const QString &why) {
        stop();
        result.exitCode = -1;
        result.stdoutData = out;
        result.stderrData = err;
        result.elapsedMs = timer.elapsed();
        if (result.error.isEmpty())
            result.error = why;
        return result;
    };
    if (!writeAll(QByteArray::number(id) + ' ' + QByteArray::number(seconds) + '\n' + body + '\0', deadline, cancel)) {
        result.cancelled = cancel.isCancelled();
        result.transportFailed = !result.cancelled;
        return fail(QStringLiteral("the remote shell does not take input"));
    }
    int outStatus = -1, errStatus = -1;
    qsizetype outAt = -1, errAt = -1;
    bool outOpen = true, errOpen = true;
    char buffer[65536];
    while (outAt < 0 || errAt < 0) {
        if (cancel.isCancelled()) {
            result.cancelled = true;
            return fail(QStringLiteral("cancelled"));
        }
        if (timer.elapsed() > deadline) {
            result.timedOut = true;
            return fail(QStringLiteral("no answer from the remote shell"));
        }
        if (!outOpen && !errOpen) {
            // The session ended before the script's answer: ssh could not connect or
            // authenticate (its message is on stderr), or the node went away.
            const int code = reap(true);
            const QString said = QString::fromUtf8(err).trimmed();
            result.transportFailed = true;
            Transport::Result ended =
                fail(!said.isEmpty() ? said : QStringLiteral("the SSH session ended (exit status %1)").arg(code));
            ended.exitCode = code;
            return ended;
        }
        pollfd fds[2] = {{outOpen ? m_out : -1, POLLIN, 0}, {errOpen ? m_err : -1, POLLIN, 0}};
        ::poll(fds, 2, 100);
        for (int i = 0; i < 2; ++i) {
            if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR)))
                continue;
            const ssize_t n = ::read(fds[i].fd, buffer, sizeof buffer);
            if (n > 0)
                (i == 0 ? out : err).append(buffer, n);
            else if (n == 0 || (errno != EAGAIN && errno != EINTR))
                (i == 0 ? outOpen : errOpen) = false;
        }
        if (outAt < 0)
            outAt = findMarker(out, marker, &outStatus);
        if (errAt < 0)
            errAt = findMarker(err, marker, &errStatus);
    }
    result.elapsedMs = timer.elapsed();
    result.exitCode = outStatus;
    result.stdoutData = out.left(outAt);
    result.stderrData = err.left(errAt);
    // The remote `timeout` ended the script: say so as a local deadline would.
    if ((outStatus == TimeoutExitCode || outStatus == KilledExitCode) && result.elapsedMs + 100 >= timeoutMs) {
        result.timedOut = true;
        result.exitCode = -1;
    }
    return result;
}

} // namespace Labforge
