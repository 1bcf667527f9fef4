// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "CliRun.h"

#include <QProcess>

namespace Labforge {

CliRun CliRun::run(const QStringList &args, int timeoutMs)
{
    QProcess p;
    p.start(qEnvironmentVariable("LABFORGE_BINARY"), args);
    if (!p.waitForStarted(10000))
        return {-1, QString(), p.errorString()};
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished(10000);
        return {-1, QString::fromUtf8(p.readAllStandardOutput()),
                QStringLiteral("did not finish within %1 s").arg(timeoutMs / 1000)};
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

} // namespace Labforge
