// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "LoopbackSshd.h"

#include "HostCommand.h"

#include <QDir>
#include <QFile>
#include <QTcpServer>
#include <QTcpSocket>
#include <QThread>
#include <pwd.h>
#include <unistd.h>

namespace Labforge {

LoopbackSshd::LoopbackSshd() = default;

LoopbackSshd::~LoopbackSshd()
{
    if (m_sshd.state() != QProcess::NotRunning) {
        m_sshd.terminate();
        if (!m_sshd.waitForFinished(5000))
            m_sshd.kill();
        m_sshd.waitForFinished(5000);
    }
}

QString LoopbackSshd::user() const
{
    if (!m_user.isEmpty())
        return m_user;
    // As root, log in as a plain test account: root's own login files (on these
    // machines a pyenv setup in .bashrc) would add half a second to every command.
    if (geteuid() == 0)
        return QStringLiteral("labforge-test");
    const passwd *pw = getpwuid(getuid());
    return pw ? QString::fromLocal8Bit(pw->pw_name) : QStringLiteral("root");
}

bool LoopbackSshd::start(QString *error)
{
    auto keygen = [&](const QString &name) {
        const auto r = HostCommand(QStringLiteral("ssh-keygen"),
                                   {QStringLiteral("-q"), QStringLiteral("-t"), QStringLiteral("ed25519"),
                                    QStringLiteral("-N"), QString(), QStringLiteral("-f"), m_dir.filePath(name)})
                           .run();
        if (!r.ok())
            *error = r.describe(QStringLiteral("ssh-keygen"));
        return r.ok();
    };
    if (!keygen(QStringLiteral("host")) || !keygen(QStringLiteral("client")) || !keygen(QStringLiteral("other-host")))
        return false;
    if (geteuid() == 0 && !getpwnam("labforge-test")) {
        const auto made =
            HostCommand(QStringLiteral("useradd"),
                        {QStringLiteral("--system"), QStringLiteral("--create-home"), QStringLiteral("--home-dir"),
                         QStringLiteral("/var/lib/labforge-test"), QStringLiteral("--shell"),
                         QStringLiteral("/bin/bash"), QStringLiteral("--password"), QStringLiteral("*"),
                         QStringLiteral("labforge-test")})
                .run();
        if (!made.ok()) {
            *error = made.describe(QStringLiteral("useradd labforge-test"));
            return false;
        }
    }
    QTcpServer probe;
    probe.listen(QHostAddress::LocalHost, 0);
    m_port = probe.serverPort();
    probe.close();
    auto read = [&](const QString &name) {
        QFile f(m_dir.filePath(name));
        return f.open(QIODevice::ReadOnly) ? f.readAll().trimmed() : QByteArray();
    };
    auto write = [&](const QString &name, const QByteArray &content) {
        QFile f(m_dir.filePath(name));
        return f.open(QIODevice::WriteOnly) && f.write(content) == content.size();
    };
    const QByteArray hostPub = read(QStringLiteral("host.pub")).split(' ').mid(0, 2).join(' ');
    const QByteArray otherPub = read(QStringLiteral("other-host.pub")).split(' ').mid(0, 2).join(' ');
    const QByteArray address = "[127.0.0.1]:" + QByteArray::number(m_port);
    write(QStringLiteral("known_hosts"), address + ' ' + hostPub + '\n');
    write(QStringLiteral("known_hosts.wrong"), address + ' ' + otherPub + '\n');
    write(QStringLiteral("authorized_keys"), read(QStringLiteral("client.pub")) + '\n');
    // sshd reads authorized_keys as the target user.
    QFile::setPermissions(m_dir.filePath(QStringLiteral("authorized_keys")),
                          QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther);
    QFile::setPermissions(m_dir.path(),
                          QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup | QFile::ExeGroup
                              | QFile::ReadOther | QFile::ExeOther);
    const QByteArray config = "Port " + QByteArray::number(m_port) + "\nListenAddress 127.0.0.1\nHostKey "
        + m_dir.filePath(QStringLiteral("host")).toUtf8() + "\nAuthorizedKeysFile "
        + m_dir.filePath(QStringLiteral("authorized_keys")).toUtf8()
        + "\nPasswordAuthentication no\nKbdInteractiveAuthentication no\nPermitRootLogin prohibit-password\nUsePAM "
          "no\nStrictModes no\n"
          "PidFile none\nMaxSessions 50\nMaxStartups 50\nAllowUsers "
        + user().toUtf8() + "\n";
    write(QStringLiteral("sshd_config"), config);
    QDir().mkpath(QStringLiteral("/run/sshd")); // privilege separation directory
    m_sshd.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_sshd.start(QStringLiteral("/usr/sbin/sshd"),
                 {QStringLiteral("-D"), QStringLiteral("-e"), QStringLiteral("-f"),
                  m_dir.filePath(QStringLiteral("sshd_config"))});
    if (!m_sshd.waitForStarted(5000)) {
        *error = QStringLiteral("sshd did not start");
        return false;
    }
    for (int i = 0; i < 50; ++i) {
        QTcpSocket s;
        s.connectToHost(QHostAddress::LocalHost, quint16(m_port));
        if (s.waitForConnected(200))
            return true;
        QThread::msleep(100);
    }
    *error = QStringLiteral("sshd does not listen on 127.0.0.1:%1").arg(m_port);
    return false;
}

} // namespace Labforge
