// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "SignatureVerifier.h"

#include "HostCommand.h"

#include <QFileInfo>
#include <QRegularExpression>
#include <QTemporaryDir>

namespace Labforge {

SignatureVerifier::SignatureVerifier(QString keyring, QString gpgv)
    : m_keyring(std::move(keyring))
    , m_gpgv(std::move(gpgv))
{ }

QByteArray SignatureVerifier::dearmor(const QByteArray &text, QString *error)
{
    if (!text.contains("-----BEGIN PGP"))
        return text.isEmpty() || (uchar(text.at(0)) & 0x80) == 0
            ? (*error = QStringLiteral("not an OpenPGP key"), QByteArray())
            : text;
    QByteArray binary;
    bool inBlock = false, inBody = false;
    QByteArray body;
    for (const QByteArray &raw : text.split('\n')) {
        const QByteArray line = raw.trimmed();
        if (line.startsWith("-----BEGIN PGP")) {
            inBlock = true;
            inBody = false;
            body.clear();
        } else if (line.startsWith("-----END PGP")) {
            if (!inBlock) {
                *error = QStringLiteral("an armor end without its beginning");
                return {};
            }
            const auto decoded = QByteArray::fromBase64Encoding(body, QByteArray::AbortOnBase64DecodingErrors);
            if (!decoded || decoded.decoded.isEmpty()) {
                *error = QStringLiteral("an armored block is not valid base64");
                return {};
            }
            binary += decoded.decoded;
            inBlock = false;
        } else if (inBlock && !inBody) {
            inBody = line.isEmpty(); // armor headers ("Version: …") end at an empty line
        } else if (inBody && !line.startsWith('=')) {
            body += line;
        }
    }
    if (binary.isEmpty() || inBlock)
        *error = QStringLiteral("no complete armored key block");
    return inBlock ? QByteArray() : binary;
}

bool SignatureVerifier::verify(const QString &data, const QString &signature, QString *error, QString *signer) const
{
    if (!QFileInfo(m_keyring).isFile()) {
        *error = QStringLiteral("no keyring %1: the signature of %2 cannot be checked").arg(m_keyring, data);
        return false;
    }
    // An empty home of its own: gpgv reads no option file and no trust database.
    QTemporaryDir home;
    if (!home.isValid()) {
        *error = QStringLiteral("cannot create a temporary directory for gpgv: %1").arg(home.errorString());
        return false;
    }
    const HostCommand::Result r =
        HostCommand(m_gpgv,
                    QStringList {QStringLiteral("--homedir"), home.path(), QStringLiteral("--status-fd"),
                                 QStringLiteral("1"), QStringLiteral("--keyring"),
                                 QFileInfo(m_keyring).absoluteFilePath(), signature}
                        + (data.isEmpty() ? QStringList() : QStringList {data}))
            .timeout(60000)
            .separateStderr()
            .run();
    static const QRegularExpression good(
        QStringLiteral("^\\[GNUPG:\\] VALIDSIG ([0-9A-F]{40})(?: \\S+){8} ([0-9A-F]{40})"),
        QRegularExpression::MultilineOption);
    if (const auto m = good.match(QString::fromUtf8(r.output)); r.ok() && m.hasMatch()) {
        if (signer)
            *signer = m.captured(2);
        return true;
    }
    *error =
        QStringLiteral("%1 is not signed by a key in %2: %3")
            .arg(data, m_keyring, r.failedToStart ? r.describe(m_gpgv) : QString::fromUtf8(r.errorOutput).trimmed());
    return false;
}

QString SignatureVerifier::digestIn(const QByteArray &checksums, const QString &fileName)
{
    static const QRegularExpression line(QStringLiteral("^([0-9a-fA-F]{64}) [ *](.+)$"));
    QString found;
    for (const QByteArray &l : checksums.split('\n')) {
        const auto m = line.match(QString::fromUtf8(l).trimmed());
        if (!m.hasMatch() || m.captured(2) != fileName)
            continue;
        if (!found.isEmpty())
            return {};
        found = m.captured(1).toLower();
    }
    return found;
}

} // namespace Labforge
