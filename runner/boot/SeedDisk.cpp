// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "SeedDisk.h"

#include "PrivateFile.h"
#include "TarArchive.h"

#include <QDateTime>
#include <QFile>

namespace Labforge {

void SeedDisk::addDirectory(const QString &path, int mode, const QString &user)
{
    m_entries.append(Entry {true, mode, user, path, {}});
}

void SeedDisk::addFile(const QString &path, const QByteArray &content, int mode, const QString &user)
{
    m_entries.append(Entry {false, mode, user, path, content});
}

void SeedDisk::setPasswordHash(const QString &user, const QString &hash)
{
    m_passwords.append({user, hash});
}

bool SeedDisk::archive(QByteArray *out, QString *error) const
{
    TarArchive tar;
    tar.setModificationTime(QDateTime::currentSecsSinceEpoch());
    const QString root = QStringLiteral("root");
    if (!m_passwords.isEmpty()) {
        QByteArray passwords;
        for (const auto &[user, hash] : m_passwords) {
            if (user.contains(QLatin1Char(':')) || user.contains(QLatin1Char('\n'))
                || hash.contains(QLatin1Char('\n'))) {
                *error = QStringLiteral("the seed's password entry for \"%1\" cannot be written").arg(user);
                return false;
            }
            passwords += user.toUtf8() + ' ' + hash.toUtf8() + '\n';
        }
        if (!tar.addFile(QLatin1String(PasswordsMember), passwords, 0600, root, root, error))
            return false;
    }
    for (const Entry &e : m_entries) {
        if (!e.path.startsWith(QLatin1Char('/'))) {
            *error = QStringLiteral("the seed entry \"%1\" is not an absolute path").arg(e.path);
            return false;
        }
        const QString member = e.path.mid(1);
        if (member.startsWith(QLatin1String(".labforge-seed"))) {
            *error = QStringLiteral("the seed entry \"%1\" is in the seed's own directory").arg(e.path);
            return false;
        }
        const bool added = e.directory ? tar.addDirectory(member, e.mode, e.user, e.user, error)
                                       : tar.addFile(member, e.content, e.mode, e.user, e.user, error);
        if (!added)
            return false;
    }
    *out = tar.finish();
    if (out->size() > DiskBytes) {
        *error =
            QStringLiteral("the seed archive (%1 bytes) does not fit its %2-byte disk").arg(out->size()).arg(DiskBytes);
        return false;
    }
    return true;
}

bool SeedDisk::write(const QString &imagePath, QString *error) const
{
    QByteArray data;
    if (!archive(&data, error))
        return false;
    QFile::remove(imagePath);
    if (!PrivateFile::write(imagePath, data, error, DiskBytes)) {
        QFile::remove(imagePath);
        return false;
    }
    return true;
}

} // namespace Labforge
