// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "Sha256.h"

#include <QFile>
#include <openssl/evp.h>

namespace Labforge {

Sha256::Sha256()
    : m_ctx(EVP_MD_CTX_new())
{
    EVP_DigestInit_ex(m_ctx, EVP_sha256(), nullptr);
}

Sha256::~Sha256()
{
    EVP_MD_CTX_free(m_ctx);
}

void Sha256::add(const char *data, qint64 size)
{
    EVP_DigestUpdate(m_ctx, data, size_t(size));
}

QString Sha256::hexDigest()
{
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    EVP_DigestFinal_ex(m_ctx, digest, &length);
    return QString::fromLatin1(QByteArray(reinterpret_cast<const char *>(digest), int(length)).toHex());
}

QString Sha256::ofData(const QByteArray &data)
{
    Sha256 h;
    h.add(data);
    return h.hexDigest();
}

QString Sha256::ofFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return ofDevice(file);
}

QString Sha256::ofDevice(QIODevice &device)
{
    Sha256 h;
    QByteArray buffer(1 << 20, Qt::Uninitialized);
    for (;;) {
        const qint64 n = device.read(buffer.data(), buffer.size());
        if (n < 0)
            return {};
        if (n == 0)
            break;
        h.add(buffer.constData(), n);
    }
    return h.hexDigest();
}

} // namespace Labforge
