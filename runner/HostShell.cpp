#include "HostShell.h"

#include "HostCommand.h"
#include "Shell.h"

#include <QUrl>
#include <QUrlQuery>

namespace Labforge {

HostShell::HostShell(const QString &uri)
{
    const QUrl url(uri);
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
