// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "FeatureGenerator.h"

namespace Labforge {

struct Lab;
struct Node;

// Users with the same name, uid and gid on every node, from one directory in the lab.
// The server is the first node with the feature whose role is controller, else the first
// node with it: it runs slapd (openfactory-directory.service, its own configuration and
// database, Debian's slapd unit masked) with the suffix dc=openfactory,dc=lab, anonymous
// reads and the admin cn=admin,dc=openfactory,dc=lab, whose password is a per-run secret
// on the server's seed disk. Every node with the feature, the server too, resolves users
// and groups through SSSD (LDAP identity, no LDAP passwords: directory users log in with
// SSH keys), and a user's home is made at first login (pam_mkhomedir) on the shared /home.
// The directory holds alice (uid and gid 10001, group hpc-users 10000).
class DirectoryGenerator : public FeatureGenerator
{
public:
    QString feature() const override { return QStringLiteral("directory"); }
    FeatureOutput generate(const GeneratorContext &context) const override;

    // The node that serves the directory (nullptr when no node has the feature).
    static const Node *server(const Lab &lab);
    static QString baseDn() { return QStringLiteral("dc=openfactory,dc=lab"); }
    static QString adminPasswordFile() { return QStringLiteral("/etc/openfactory/directory/admin-password"); }
    static QByteArray sssdConf(const QString &serverAddress);
    static QByteArray sssdServiceDropIn();
    static QByteArray slapdConf();
    static QByteArray entries();
};

} // namespace Labforge
