// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "LocalTransport.h"

#include "HostCommand.h"

namespace Labforge {

Transport::Result LocalTransport::run(const QString &node, const QString &script, int timeoutMs, const CancelToken &cancel)
{
    QProcessEnvironment env = HostCommand::cleanEnvironment();
    env.insert(QStringLiteral("LABFORGE_NODE"), node);
    const auto r = HostCommand(QStringLiteral("bash"), {QStringLiteral("-s")}).input(script.toUtf8()).timeout(timeoutMs).cancel(cancel).separateStderr().environment(env).run();
    Result out;
    out.exitCode = r.exitCode;
    out.stdoutData = r.output;
    out.stderrData = r.errorOutput;
    out.timedOut = r.timedOut;
    out.cancelled = r.cancelled;
    out.transportFailed = r.failedToStart;
    out.elapsedMs = r.elapsedMs;
    return out;
}

} // namespace Labforge
