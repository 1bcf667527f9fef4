// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QByteArray>
#include <QString>

class QIODevice;
struct evp_md_ctx_st;

namespace Labforge {

// Streaming SHA-256 through OpenSSL's EVP interface.
class Sha256
{
public:
    Sha256();
    ~Sha256();
    Sha256(const Sha256 &) = delete;
    Sha256 &operator=(const Sha256 &) = delete;

    void add(const char *data, qint64 size);
    void add(const QByteArray &data) { add(data.constData(), data.size()); }
    QString hexDigest(); // finishes the hash

    static QString ofData(const QByteArray &data);
    // Empty string when the file cannot be read.
    static QString ofFile(const QString &path);
    // Empty string when the device cannot be read to its end.
    static QString ofDevice(QIODevice &device);

private:
    evp_md_ctx_st *m_ctx;
};

} // namespace Labforge
