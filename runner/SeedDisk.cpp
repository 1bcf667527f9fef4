#include "SeedDisk.h"

#include "ConfinedPath.h"
#include "HostCommand.h"
#include "PrivateFile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

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

QByteArray SeedDisk::manifest() const
{
    QByteArray out;
    for (const Entry &e : m_entries)
        out += QStringLiteral("%1 %2 %3 %4\n")
                   .arg(e.directory ? QLatin1Char('d') : QLatin1Char('f'))
                   .arg(e.mode, 4, 8, QLatin1Char('0'))
                   .arg(e.user, e.path)
                   .toUtf8();
    return out;
}

bool SeedDisk::write(const QString &imagePath, QString *error) const
{
    // Staged next to the image (in the run directory), private, and removed when this
    // returns, whichever way it returns.
    QTemporaryDir staging(QFileInfo(imagePath).path() + QStringLiteral("/.seed-staging-XXXXXX"));
    if (!staging.isValid()) {
        *error = QStringLiteral("cannot create a staging directory for the seed disk %1: %2")
                     .arg(imagePath, staging.errorString());
        return false;
    }
    if (!PrivateFile::makeDirectory(staging.path(), error))
        return false;
    auto put = [&](const QString &relative, const QByteArray &content) {
        const QString path = ConfinedPath::join(staging.path(), relative, error);
        return !path.isEmpty() && PrivateFile::makeDirectory(QFileInfo(path).path(), error)
            && PrivateFile::write(path, content, error);
    };
    if (!put(QStringLiteral("manifest"), manifest()))
        return false;
    QByteArray passwords;
    for (const auto &[user, hash] : m_passwords)
        passwords += user.toUtf8() + ' ' + hash.toUtf8() + '\n';
    if (!put(QStringLiteral("passwords"), passwords))
        return false;
    for (const Entry &e : m_entries) {
        if (!e.directory && !put(QStringLiteral("files") + e.path, e.content))
            return false;
    }
    QFile::remove(imagePath);
    if (!PrivateFile::create(imagePath, qint64(16) * 1024 * 1024, error))
        return false;
    const auto made = HostCommand(QStringLiteral("mkfs.ext4"),
                                  {QStringLiteral("-F"), QStringLiteral("-q"), QStringLiteral("-L"),
                                   QStringLiteral("seed"), QStringLiteral("-d"), staging.path(), imagePath})
                          .timeout(60000)
                          .run();
    if (!made.ok()) {
        QFile::remove(imagePath);
        *error = made.describe(QStringLiteral("mkfs.ext4 (seed disk)"));
        return false;
    }
    return true;
}

} // namespace Labforge
