// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Transport.h"

#include <QByteArray>
#include <QStringList>
#include <sys/types.h>

namespace Labforge {

// One long-lived remote bash per node, reached through an `ssh` command line: each script
// it is sent runs in a fresh `bash -c` of its own (variables, directory and traps do not
// carry over), with stdin from /dev/null, under the remote `timeout` so a hung command is
// killed with its process group, and its stdout, stderr and exit status come back through
// the session's own two streams, each closed by a per-session random marker. What a
// scenario pays per command is then the remote fork, not a new ssh client and session.
class RemoteShell
{
public:
    // `sshCommand`: the program and arguments up to and including the destination;
    // RemoteShell appends the remote command that runs its loop.
    explicit RemoteShell(QStringList sshCommand);
    ~RemoteShell();
    RemoteShell(const RemoteShell &) = delete;
    RemoteShell &operator=(const RemoteShell &) = delete;

    // Runs `script`; on a transport failure (the session could not start or ended) the
    // shell is dead afterwards and `transportFailed` says why.
    Transport::Result run(const QString &script, int timeoutMs, const CancelToken &cancel);
    bool isAlive() const { return m_pid > 0; }
    void stop();

    // The remote loop (bash) and how a script is framed for it, for tests and review.
    static QString driverScript();

private:
    bool start(QString *error);
    bool writeAll(const QByteArray &data, qint64 deadlineMs, const CancelToken &cancel);
    int reap(bool wait);

    QStringList m_command;
    QByteArray m_marker;
    pid_t m_pid = -1;
    int m_in = -1;
    int m_out = -1;
    int m_err = -1;
    quint64 m_next = 1;
};

} // namespace Labforge
