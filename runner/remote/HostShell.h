// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QString>
#include <QStringList>

namespace Labforge {

// Runs a program on a lab host: here for a local URI (qemu:///system), over SSH for a
// qemu+ssh URI, with the same user, port and the URI's keyfile/known_hosts/no_verify
// options libvirt itself uses to reach that host (never a command= of the URI: lab files
// may not name programs, LabHost::uriProblem). The arguments are quoted one by one for
// the remote shell, never joined into a line of the caller's making.
// A test:///default host is libvirt's simulated hypervisor: it has no shell, so nothing
// is run for it; each command is kept in a transcript instead (what the run would have
// done there, in order), which the orchestration tests read.
class HostShell
{
public:
    explicit HostShell(const QString &uri);

    bool isRemote() const { return !m_destination.isEmpty(); }
    bool isSimulated() const { return !m_simulated.isEmpty(); }
    // "URI: argv…" for each command given to a simulated host, oldest first.
    static QStringList transcript();
    static void clearTranscript();
    // Fails with the program, its exit status and its output in `error`.
    bool run(const QStringList &argv, QString *error, QByteArray *output = nullptr) const;
    // The command line that runs `argv` on the host (for messages and tests).
    QStringList commandLine(const QStringList &argv) const;

private:
    QString m_destination; // user@host; empty: this machine
    QString m_simulated; // the test:// URI of a simulated host
    QString m_ssh = QStringLiteral("ssh");
    QStringList m_sshOptions;
};

} // namespace Labforge
