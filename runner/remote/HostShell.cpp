// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "HostShell.h"

#include "HostCommand.h"
#include "Shell.h"

#include <QMutex>
#include <QUrl>
#include <QUrlQuery>

namespace Labforge {

namespace {
QMutex transcriptLock;
QStringList &transcriptLines()
{
    static QStringList lines;
    return lines;
}
} // namespace

QStringList HostShell::transcript()
{
    const QMutexLocker locker(&transcriptLock);
    return transcriptLines();
}

void HostShell::clearTranscript()
{
    const QMutexLocker locker(&transcriptLock);
    transcriptLines().clear();
}

HostShell::HostShell(const QString &uri)
{
    const QUrl url(uri);
    if (url.scheme() == QLatin1String("test")) {
        m_simulated = uri;
        return;
    }
    if (url.scheme() != QLatin1String("qemu+ssh"))
        return;
    m_destination = url.userName().isEmpty() ? url.host() : url.userName() + QLatin1Char('@') + url.host();
    m_sshOptions = {QStringLiteral("-o"), QStringLiteral("BatchMode=yes"), QStringLiteral("-o"),
                    QStringLiteral("ConnectTimeout=20")};
    if (url.port() > 0)
        m_sshOptions += {QStringLiteral("-p"), QString::number(url.port())};
    const QUrlQuery query(url);
    if (query.hasQueryItem(QStringLiteral("keyfile")))
        m_sshOptions += {QStringLiteral("-i"), query.queryItemValue(QStringLiteral("keyfile"), QUrl::FullyDecoded)};
    if (query.hasQueryItem(QStringLiteral("known_hosts")))
        m_sshOptions += {QStringLiteral("-o"),
                         QStringLiteral("UserKnownHostsFile=")
                             + query.queryItemValue(QStringLiteral("known_hosts"), QUrl::FullyDecoded)};
    if (query.queryItemValue(QStringLiteral("no_verify")) == QLatin1String("1"))
        m_sshOptions += {QStringLiteral("-o"), QStringLiteral("StrictHostKeyChecking=no")};
}

QStringList HostShell::commandLine(const QStringList &argv) const
{
    if (!isRemote())
        return argv;
    return QStringList {m_ssh} + m_sshOptions + QStringList {QStringLiteral("--"), m_destination, Shell::quote(argv)};
}

bool HostShell::run(const QStringList &argv, QString *error, QByteArray *output) const
{
    if (isSimulated()) {
        const QMutexLocker locker(&transcriptLock);
        transcriptLines().append(m_simulated + QStringLiteral(": ") + argv.join(QLatin1Char(' ')));
        if (output)
            output->clear();
        return true;
    }
    const QStringList line = commandLine(argv);
    const HostCommand::Result r = HostCommand(line.first(), line.mid(1)).timeout(120000).run();
    if (output)
        *output = r.output;
    if (!r.ok()) {
        *error = (isRemote() ? QStringLiteral("on %1: ").arg(m_destination) : QString())
            + r.describe(argv.join(QLatin1Char(' ')));
        return false;
    }
    return true;
}

} // namespace Labforge
