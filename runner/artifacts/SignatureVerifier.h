// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QByteArray>
#include <QString>

namespace Labforge {

// Checks an upstream's detached OpenPGP signature of its checksum file (HashiCorp's
// SHA256SUMS.sig, Helm's .asc) with gpgv against one keyring file: only keys in that
// file count, never the user's own keyring. Then reads the artifact's digest from the
// verified checksum file.
class SignatureVerifier
{
public:
    explicit SignatureVerifier(QString keyring, QString gpgv = QStringLiteral("/usr/bin/gpgv"));

    // True when `signature` is a good signature of the file `data` by a key in the keyring;
    // otherwise false with *error naming the files and what gpgv said. *signer: the primary
    // fingerprint of the key that signed (40 upper-case hex digits). With `data` empty,
    // `signature` is a clearsigned file (a Debian InRelease) checked as it is.
    bool verify(const QString &data, const QString &signature, QString *error, QString *signer = nullptr) const;
    // OpenPGP ASCII armor (one or more key blocks, as KEYS files hold, text around them
    // ignored) into the binary form a
    // keyring file has; binary input is returned as it is; empty with *error when it is neither.
    static QByteArray dearmor(const QByteArray &text, QString *error);
    // The SHA-256 a checksum file ("HEX  NAME" lines, as sha256sum writes) gives for
    // `fileName`, or empty when it lists none (or lists it twice).
    static QString digestIn(const QByteArray &checksums, const QString &fileName);

private:
    QString m_keyring;
    QString m_gpgv;
};

} // namespace Labforge
