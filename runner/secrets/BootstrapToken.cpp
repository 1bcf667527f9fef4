// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "BootstrapToken.h"

#include <crypt.h>
#include <openssl/rand.h>

namespace Labforge {

QString BootstrapToken::randomString(int length, const QByteArray &alphabet)
{
    QString out;
    // Rejection sampling keeps every character equally likely.
    const int limit = 256 - (256 % int(alphabet.size()));
    while (out.size() < length) {
        unsigned char buffer[64];
        if (RAND_bytes(buffer, sizeof buffer) != 1)
            qFatal("OpenSSL RAND_bytes failed: no secure random numbers");
        for (unsigned char b : buffer) {
            if (b < limit && out.size() < length)
                out.append(QLatin1Char(alphabet.at(b % alphabet.size())));
        }
    }
    return out;
}

QByteArray BootstrapToken::randomBytes(int count)
{
    QByteArray out(count, Qt::Uninitialized);
    if (RAND_bytes(reinterpret_cast<unsigned char *>(out.data()), count) != 1)
        qFatal("OpenSSL RAND_bytes failed: no secure random numbers");
    return out;
}

QString BootstrapToken::generate()
{
    static const QByteArray alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
    return randomString(6, alphabet) + QLatin1Char('.') + randomString(16, alphabet);
}

QString BootstrapToken::passwordHash(const QString &password)
{
    static const QByteArray saltAlphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789./";
    const QByteArray setting = "$6$" + randomString(16, saltAlphabet).toLatin1();
    crypt_data data {};
    const char *hash = crypt_r(password.toUtf8().constData(), setting.constData(), &data);
    if (!hash || hash[0] == '*')
        qFatal("crypt_r failed to hash a password");
    return QString::fromLatin1(hash);
}

} // namespace Labforge
