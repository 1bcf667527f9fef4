// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

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
    // The user SSH logs in as: the node's first user with `ssh: true`, or "".
    static QString userOf(const Node &node);
};

} // namespace Labforge
