// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "WorkDirectory.h"

#include "HostCommand.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <algorithm>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

namespace Labforge {

namespace {

const QLatin1String LockSuffix(".lock");
// A lock file younger than this may be one a build has just created and not locked yet.
constexpr qint64 MinimumAgeSeconds = 60;

// An open, exclusively locked lock file, or -1 (held by a live process, or unreadable).
int lockExclusively(const QString &path, bool create)
{
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDWR | O_CLOEXEC | (create ? O_CREAT : 0), 0600);
    if (fd < 0)
        return -1;
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        ::close(fd);
        return -1;
    }
    return fd;
}

// /proc/self/mountinfo writes space, tab, newline and backslash in octal.
QString unescapeMountPoint(const QByteArray &field)
{
    QByteArray out;
    out.reserve(field.size());
    for (qsizetype i = 0; i < field.size(); ++i) {
        if (field.at(i) == '\\' && i + 3 < field.size()) {
            bool ok = false;
            const int code = field.mid(i + 1, 3).toInt(&ok, 8);
            if (ok) {
                out.append(char(code));
                i += 3;
                continue;
            }
        }
        out.append(field.at(i));
    }
    return QFile::decodeName(out);
}

} // namespace

WorkDirectory::WorkDirectory(const QString &parent, const QString &prefix)
{
    QDir().mkpath(parent);
    m_dir = std::make_unique<QTemporaryDir>(parent + QLatin1Char('/') + prefix + QStringLiteral("-XXXXXX"));
    if (!m_dir->isValid())
        return;
    m_lockPath = m_dir->path() + LockSuffix;
    m_lock = lockExclusively(m_lockPath, true);
    if (m_lock < 0)
        m_dir->remove();
}

WorkDirectory::~WorkDirectory()
{
    if (m_lock < 0)
        return;
    m_dir.reset(); // the directory goes first, then its lock
    QFile::remove(m_lockPath);
    ::close(m_lock);
}

QStringList WorkDirectory::mountsUnder(const QString &path)
{
    const QString canonical = QFileInfo(path).canonicalFilePath();
    const QString root = canonical.isEmpty() ? QDir::cleanPath(path) : canonical;
    QStringList under;
    QFile info(QStringLiteral("/proc/self/mountinfo"));
    if (!info.open(QIODevice::ReadOnly))
        return under;
    for (const QByteArray &line : info.readAll().split('\n')) {
        const QList<QByteArray> fields = line.split(' ');
        if (fields.size() < 5)
            continue;
        const QString point = unescapeMountPoint(fields.at(4));
        if (point == root || point.startsWith(root + QLatin1Char('/')))
            under.append(point);
    }
    // Deepest first; a point mounted twice is listed twice (each unmount takes one).
    std::stable_sort(under.begin(), under.end(), [](const QString &a, const QString &b) {
        return a.count(QLatin1Char('/')) > b.count(QLatin1Char('/'));
    });
    return under;
}

QList<WorkDirectory::Swept> WorkDirectory::sweep(const QString &parent)
{
    QList<Swept> swept;
    const QDateTime now = QDateTime::currentDateTimeUtc();
    const QFileInfoList locks =
        QDir(parent).entryInfoList({QStringLiteral("*") + LockSuffix}, QDir::Files | QDir::Hidden, QDir::Name);
    for (const QFileInfo &lockFile : locks) {
        // A bare ".lock" names no work directory: swept, it would be the parent itself,
        // with every live build's mounts under it.
        if (lockFile.fileName() == LockSuffix || lockFile.lastModified().toUTC().secsTo(now) < MinimumAgeSeconds)
            continue;
        const int fd = lockExclusively(lockFile.filePath(), false);
        if (fd < 0)
            continue; // its build is alive
        Swept s;
        s.path = lockFile.filePath().chopped(LockSuffix.size());
        for (const QString &point : mountsUnder(s.path)) {
            const HostCommand::Result r =
                HostCommand(QStringLiteral("umount"), {QStringLiteral("-l"), point}).timeout(60000).run();
            if (r.ok())
                s.mounts.append(point);
        }
        const QStringList left = mountsUnder(s.path);
        if (!left.isEmpty())
            s.error = QStringLiteral("still mounted: %1").arg(left.join(QStringLiteral(", ")));
        else if (QFileInfo::exists(s.path) && !QDir(s.path).removeRecursively())
            s.error = QStringLiteral("cannot remove it");
        if (s.error.isEmpty())
            QFile::remove(lockFile.filePath());
        ::close(fd);
        swept.append(s);
    }
    return swept;
}

} // namespace Labforge
