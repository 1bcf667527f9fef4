#include "SeedDisk.h"

#include "HostCommand.h"

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
    QTemporaryDir staging;
    if (!staging.isValid()) {
        *error = QStringLiteral("cannot create a staging directory for the seed disk");
        return false;
    }
    QFile::setPermissions(staging.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    auto put = [&](const QString &relative, const QByteArray &content) {
        const QString path = staging.path() + QLatin1Char('/') + relative;
        QDir().mkpath(QFileInfo(path).path());
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || !f.setPermissions(QFile::ReadOwner | QFile::WriteOwner)
            || f.write(content) != content.size()) {
            *error = QStringLiteral("cannot stage the seed disk");
            return false;
        }
        return true;
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
    QFile image(imagePath);
    if (!image.open(QIODevice::WriteOnly) || !image.setPermissions(QFile::ReadOwner | QFile::WriteOwner)
        || !image.resize(qint64(16) * 1024 * 1024)) {
        *error = QStringLiteral("cannot create %1").arg(imagePath);
        return false;
    }
    image.close();
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
