// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "RegularFile.h"

#include "Sha256.h"

#include <QFile>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace Labforge {

bool RegularFile::open(QFile &file, const QString &path, qint64 maxBytes, QString *error)
{
    const QByteArray name = QFile::encodeName(path);
    const int fd = ::open(name.constData(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        *error = errno == ELOOP
            ? QStringLiteral("%1 is a link, not a regular file").arg(path)
            : QStringLiteral("cannot open %1: %2").arg(path, QString::fromLocal8Bit(strerror(errno)));
        return false;
    }
    struct stat st
    {
    };
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        *error = QStringLiteral("%1 is not a regular file").arg(path);
        ::close(fd);
        return false;
    }
    if (maxBytes >= 0 && st.st_size > maxBytes) {
        *error = QStringLiteral("%1 holds %2 bytes, more than the %3 it may").arg(path).arg(st.st_size).arg(maxBytes);
        ::close(fd);
        return false;
    }
    if (!file.open(fd, QIODevice::ReadOnly, QFileDevice::AutoCloseHandle)) {
        ::close(fd);
        *error = QStringLiteral("cannot read %1").arg(path);
        return false;
    }
    return true;
}

std::optional<QByteArray> RegularFile::read(const QString &path, qint64 maxBytes, QString *error)
{
    QFile file;
    if (!open(file, path, maxBytes, error))
        return std::nullopt;
    // What the file held when it was measured: a file still growing is not read past the bound.
    return maxBytes >= 0 ? file.read(std::min(maxBytes, file.size())) : file.readAll();
}

QString RegularFile::sha256(const QString &path, QString *error)
{
    QFile file;
    if (!open(file, path, -1, error))
        return {};
    QString digest = Sha256::ofDevice(file);
    if (digest.isEmpty())
        *error = QStringLiteral("cannot read %1").arg(path);
    return digest;
}

} // namespace Labforge
