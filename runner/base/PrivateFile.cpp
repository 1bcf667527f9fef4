// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "PrivateFile.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace Labforge {

namespace {

QString why()
{
    return QString::fromLocal8Bit(strerror(errno));
}

int openPrivate(const QString &path, QString *error)
{
    const QByteArray name = QFile::encodeName(path);
    const int fd = ::open(name.constData(), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0) {
        *error = QStringLiteral("cannot create %1: %2").arg(path, why());
        return -1;
    }
    if (::fchmod(fd, 0600) != 0) { // the file may have existed with another mode
        *error = QStringLiteral("cannot make %1 private: %2").arg(path, why());
        ::close(fd);
        return -1;
    }
    return fd;
}

} // namespace

bool PrivateFile::write(const QString &path, const QByteArray &content, QString *error, qint64 size)
{
    const int fd = openPrivate(path, error);
    if (fd < 0)
        return false;
    qsizetype done = 0;
    while (done < content.size()) {
        const ssize_t n = ::write(fd, content.constData() + done, size_t(content.size() - done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            *error = QStringLiteral("cannot write %1: %2").arg(path, why());
            ::close(fd);
            return false;
        }
        done += n;
    }
    if (size > content.size() && ::ftruncate(fd, size) != 0) {
        *error = QStringLiteral("cannot size %1 to %2 bytes: %3").arg(path).arg(size).arg(why());
        ::close(fd);
        return false;
    }
    if (::close(fd) != 0) {
        *error = QStringLiteral("cannot write %1: %2").arg(path, why());
        return false;
    }
    return true;
}

bool PrivateFile::makeMissingDirectories(const QString &path, QString *error)
{
    const QString absolute = QDir::cleanPath(QDir(path).absolutePath());
    QString sofar;
    for (const QString &part : absolute.split(QLatin1Char('/'), Qt::SkipEmptyParts)) {
        sofar += QLatin1Char('/') + part;
        if (::mkdir(QFile::encodeName(sofar).constData(), 0700) == 0 || errno == EEXIST)
            continue;
        *error = QStringLiteral("cannot create %1: %2").arg(sofar, why());
        return false;
    }
    if (!QFileInfo(absolute).isDir()) {
        *error = QStringLiteral("cannot create %1: it is not a directory").arg(path);
        return false;
    }
    return true;
}

bool PrivateFile::create(const QString &path, qint64 size, QString *error)
{
    const int fd = openPrivate(path, error);
    if (fd < 0)
        return false;
    const bool ok = ::ftruncate(fd, size) == 0;
    if (!ok)
        *error = QStringLiteral("cannot size %1 to %2 bytes: %3").arg(path).arg(size).arg(why());
    ::close(fd);
    return ok;
}

bool PrivateFile::makeDirectory(const QString &path, QString *error)
{
    if (!QDir().mkpath(path)) {
        *error = QStringLiteral("cannot create %1").arg(path);
        return false;
    }
    if (::chmod(QFile::encodeName(path).constData(), 0700) != 0) {
        *error = QStringLiteral("cannot make %1 private: %2").arg(path, why());
        return false;
    }
    return true;
}

bool PrivateFile::makePassage(const QString &path, std::optional<unsigned> group, QString *error)
{
    if (!makeDirectory(path, error))
        return false;
    if (!group)
        return true;
    const QByteArray name = QFile::encodeName(path);
    if (::lchown(name.constData(), uid_t(-1), gid_t(*group)) != 0 || ::chmod(name.constData(), 0710) != 0) {
        *error = QStringLiteral("cannot open %1 to the hypervisor's group (%2): %3").arg(path).arg(*group).arg(why());
        return false;
    }
    return true;
}

bool PrivateFile::closeToOthers(const QString &directory, QString *error)
{
    QDirIterator it(directory, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QByteArray name = QFile::encodeName(it.next());
        struct stat st
        {
        };
        if (::lstat(name.constData(), &st) != 0 || S_ISLNK(st.st_mode) || (st.st_mode & 0007) == 0)
            continue;
        if (::chmod(name.constData(), st.st_mode & 07770) != 0) {
            *error = QStringLiteral("cannot close %1 to other users: %2").arg(QFile::decodeName(name), why());
            return false;
        }
    }
    return true;
}

bool PrivateFile::restrict(const QString &path, QString *error)
{
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    const bool ok = fd >= 0 && ::fchmod(fd, 0600) == 0;
    if (!ok)
        *error = QStringLiteral("cannot make %1 private: %2").arg(path, why());
    if (fd >= 0)
        ::close(fd);
    return ok;
}

} // namespace Labforge
