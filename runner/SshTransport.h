#pragma once

#include "Transport.h"

#include <QHash>

namespace Labforge {

// OpenSSH client with one multiplexed master connection per node (ControlMaster),
// host keys pinned in a known_hosts file written by labforge (StrictHostKeyChecking
// yes: a changed key fails, loudly), key authentication only.
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

private:
    QHash<QString, Target> m_targets;
    QString m_identity;
    QString m_knownHosts;
    QString m_controlDirectory;
    bool m_multiplex;
};

} // namespace Labforge
