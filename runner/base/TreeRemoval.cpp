// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "TreeRemoval.h"

#include <QFile>
#include <QStringList>

#include <cerrno>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace Labforge {

namespace {

void setError(QString *error, const QString &text)
{
    if (error)
        *error = text;
}

// Empties the directory open as `fd` (which this closes), never following a link.
bool emptyDirectory(int fd, const QString &shown, QString *error)
{
    DIR *dir = ::fdopendir(fd);
    if (!dir) {
        ::close(fd);
        setError(error, QStringLiteral("cannot read %1: %2").arg(shown, qt_error_string(errno)));
        return false;
    }
    bool ok = true;
    while (const dirent *entry = ::readdir(dir)) {
        const QByteArray name(entry->d_name);
        if (name == "." || name == "..")
            continue;
        struct stat st
        {
        };
        if (::fstatat(::dirfd(dir), name.constData(), &st, AT_SYMLINK_NOFOLLOW) != 0)
            continue; // gone meanwhile
        const QString path = shown + QLatin1Char('/') + QFile::decodeName(name);
        if (S_ISDIR(st.st_mode)) {
            const int child = ::openat(::dirfd(dir), name.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            if (child < 0 || !emptyDirectory(child, path, error)) {
                if (child < 0)
                    setError(error, QStringLiteral("cannot open %1: %2").arg(path, qt_error_string(errno)));
                ok = false;
                continue;
            }
        }
        if (::unlinkat(::dirfd(dir), name.constData(), S_ISDIR(st.st_mode) ? AT_REMOVEDIR : 0) != 0) {
            setError(error, QStringLiteral("cannot remove %1: %2").arg(path, qt_error_string(errno)));
            ok = false;
        }
    }
    ::closedir(dir);
    return ok;
}

} // namespace

bool TreeRemoval::remove(const QString &base, const QString &relative, QString *error)
{
    const QStringList parts = relative.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    if (parts.isEmpty() || parts.contains(QStringLiteral("..")) || parts.contains(QStringLiteral("."))) {
        setError(error, QStringLiteral("%1 is not a path below %2").arg(relative, base));
        return false;
    }
    int fd = ::open(QFile::encodeName(base).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    QString shown = base;
    for (qsizetype i = 0; fd >= 0 && i + 1 < parts.size(); ++i) {
        const int next =
            ::openat(fd, QFile::encodeName(parts.at(i)).constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        const int saved = errno;
        ::close(fd);
        errno = saved;
        fd = next;
        shown += QLatin1Char('/') + parts.at(i);
    }
    if (fd < 0) {
        if (errno == ENOENT)
            return true;
        setError(error,
                 QStringLiteral("cannot open %1 without following a link: %2").arg(shown, qt_error_string(errno)));
        return false;
    }
    const QByteArray last = QFile::encodeName(parts.last());
    shown += QLatin1Char('/') + parts.last();
    struct stat st
    {
    };
    bool ok = true;
    if (::fstatat(fd, last.constData(), &st, AT_SYMLINK_NOFOLLOW) == 0) {
        if (S_ISDIR(st.st_mode)) {
            const int child = ::openat(fd, last.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            ok = child >= 0 ? emptyDirectory(child, shown, error) : false;
            if (child < 0)
                setError(error, QStringLiteral("cannot open %1: %2").arg(shown, qt_error_string(errno)));
        }
        if (ok && ::unlinkat(fd, last.constData(), S_ISDIR(st.st_mode) ? AT_REMOVEDIR : 0) != 0) {
            setError(error, QStringLiteral("cannot remove %1: %2").arg(shown, qt_error_string(errno)));
            ok = false;
        }
    }
    ::close(fd);
    return ok;
}

QString TreeRemoval::linkProblem(const QString &base, const QString &relative)
{
    QString path = base;
    for (const QString &part : relative.split(QLatin1Char('/'), Qt::SkipEmptyParts)) {
        path += QLatin1Char('/') + part;
        struct stat st
        {
        };
        if (::lstat(QFile::encodeName(path).constData(), &st) != 0)
            return {};
        if (S_ISLNK(st.st_mode))
            return QStringLiteral("%1 is a symbolic link; not following it").arg(path);
    }
    return {};
}

} // namespace Labforge
