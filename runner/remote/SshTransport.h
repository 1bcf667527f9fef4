// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Transport.h"

#include <QHash>
#include <QMutex>
#include <map>
#include <memory>
#include <vector>

namespace Labforge {

class RemoteShell;

// OpenSSH client with one multiplexed master connection per node (ControlMaster),
// host keys pinned in a known_hosts file written by labforge (StrictHostKeyChecking
// yes: a changed key fails, loudly), key authentication only. With connections kept, a
// script runs in a long-lived remote shell of the node (RemoteShell) rather than a new
// ssh client and session each time; without, every script is a fresh `ssh`.
class SshTransport : public Transport
{
public:
    struct Target
    {
        QString host;
        QString user;
        int port = 22;
    };
    SshTransport(QHash<QString, Target> targets, QString identityFile, QString knownHostsFile, QString controlDirectory,
                 bool multiplex = true);
    ~SshTransport() override;

    Result run(const QString &node, const QString &script, int timeoutMs, const CancelToken &cancel) override;
    void close() override; // ends the master connections
    void forget(const QString &node) override; // ends that node's master connection
    QStringList baseArguments(const QString &node) const;
    // Off: each script is its own `ssh` through the master (the benchmark compares both).
    void setPersistentShells(bool on) { m_persistent = on; }
    // ssh's ConnectTimeout: the TCP connect and the key exchange (default 10 s).
    void setConnectTimeoutSeconds(int seconds) { m_connectTimeoutSeconds = seconds; }

private:
    QHash<QString, Target> m_targets;
    QString m_identity;
    QString m_knownHosts;
    QString m_controlDirectory;
    bool m_multiplex;
    bool m_persistent = true;
    int m_connectTimeoutSeconds = 10;
    Result runOnce(const QString &node, const QString &script, int timeoutMs, const CancelToken &cancel);
    // An idle kept shell of the node, or a new one (never null); *generation as taken.
    std::unique_ptr<RemoteShell> takeShell(const QString &node, int *generation);
    // Idle shells per node; a shell in use is out of the pool. `forget` bumps the node's
    // generation so a shell that was in use when its node went away is not kept.
    QMutex m_poolLock;
    std::map<QString, std::vector<std::unique_ptr<RemoteShell>>> m_idle;
    QHash<QString, int> m_generation;
};

} // namespace Labforge
