// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QString>

namespace Labforge {

// kubeadm bootstrap tokens ([a-z0-9]{6}.[a-z0-9]{16}) and raw keys (MUNGE) from
// OpenSSL's CSPRNG, and SHA-512 crypt(3) password hashes with a random salt.
class BootstrapToken
{
public:
    static QString generate();
    static QString randomString(int length, const QByteArray &alphabet);
    static QByteArray randomBytes(int count);
    static QString passwordHash(const QString &password);
};

} // namespace Labforge
