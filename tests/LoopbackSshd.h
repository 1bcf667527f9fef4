// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QProcess>
#include <QTemporaryDir>

namespace Labforge {

// A real OpenSSH server on 127.0.0.1 for tests: its own host key, one authorised
// client key, this user as the login. Stopped when destroyed.
class LoopbackSshd
{
public:
    LoopbackSshd();
    ~LoopbackSshd();
    bool start(QString *error);
    // The login to allow instead of the default (root for a host's libvirt and network
    // commands); before start().
    void setUser(const QString &user) { m_user = user; }
    int port() const { return m_port; }
    QString clientKey() const { return m_dir.filePath(QStringLiteral("client")); }
    QString knownHosts() const { return m_dir.filePath(QStringLiteral("known_hosts")); }
    // A known_hosts file that pins a different key for the same address.
    QString wrongKnownHosts() const { return m_dir.filePath(QStringLiteral("known_hosts.wrong")); }
    QString user() const;
    QString directory() const { return m_dir.path(); }

private:
    QTemporaryDir m_dir;
    QProcess m_sshd;
    int m_port = 0;
    QString m_user;
};

} // namespace Labforge
