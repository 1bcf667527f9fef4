// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "CancelToken.h"
#include "SshTransport.h"

#include <QByteArray>
#include <QHash>
#include <QString>
#include <QStringList>

#include <memory>

namespace Labforge {

struct Lab;
struct Node;

// The run's ssh_config: one Host block per node (its first address, the lab's SSH user, the
// run's key, the pinned host keys, one kept connection per node), so that `labforge ssh`,
// `labforge exec` and a plain `ssh -F RUN/ssh_config NODE` all reach a node the same way.
class SshConfig
{
public:
    static QString path(const QString &runDir) { return runDir + QStringLiteral("/ssh_config"); }
    static QByteArray text(const Lab &lab, const QString &runDir, const QString &privateKeyFile);
    // The nodes the config at `file` has a Host block for.
    static QStringList nodes(const QString &file);
    // A transport to the run's nodes as its ssh_config names them (address, user, the run's key
    // and known_hosts): for commands that act on a lab that is up and have only its name.
    static std::unique_ptr<Transport> transport(const QString &runDir, QString *error);
    // Ends the kept connections (ControlMaster) to `nodes`: after a node went back in time (a
    // snapshot restored) its old connection would hang rather than fail.
    static void closeConnections(const QString &runDir, const QStringList &nodes);
    // Tries every node at once (`ssh -F … NODE true`, again each second) until each answers
    // or `timeoutMs` pass; false with the nodes that did not answer and their last words.
    // The connections it makes are kept (ControlPersist) for what comes next.
    static bool waitUntilAnswering(const QString &runDir, const QStringList &nodes, int timeoutMs,
                                   const CancelToken &cancel, QString *error);
    // The user SSH logs in as: the node's first user with `ssh: true`, or "".
    static QString userOf(const Node &node);

private:
    static QList<std::pair<QString, SshTransport::Target>> hosts(const QString &file);
};

} // namespace Labforge
