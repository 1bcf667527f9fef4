// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "CancelToken.h"

#include <QByteArray>
#include <QString>

namespace Labforge {

// Runs a shell script on a node and gives back what happened. The scenario
// engine and the runner's "machine is up" check use it; SshTransport is the real
// one, LocalTransport runs on this host (tests).
class Transport
{
public:
    struct Result
    {
        int exitCode = -1;
        QByteArray stdoutData;
        QByteArray stderrData;
        bool timedOut = false;
        bool cancelled = false;
        bool transportFailed = false; // could not reach the node at all
        qint64 elapsedMs = 0;
        QString error;
    };
    virtual ~Transport() = default;
    virtual Result run(const QString &node, const QString &script, int timeoutMs, const CancelToken &cancel) = 0;
    virtual void close() { }
    // Drops what the transport keeps for `node` (a multiplexed connection): after the
    // node was powered off, a kept connection would only hang.
    virtual void forget(const QString &node) { Q_UNUSED(node); }
};

} // namespace Labforge
