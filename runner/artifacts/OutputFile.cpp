// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "OutputFile.h"

#include <QFile>
#include <QFileInfo>
#include <QTemporaryFile>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <sys/stat.h>
#include <unistd.h>

namespace Labforge {

OutputFile::OutputFile(QString target)
    : m_target(std::move(target))
{ }

OutputFile::~OutputFile()
{
    if (!m_temporary.isEmpty())
        QFile::remove(m_temporary);
}

bool OutputFile::checkTarget(const QString &target, QString *error)
{
    if (target.isEmpty()) {
        *error = QStringLiteral("no output file given");
        return false;
    }
    struct stat st
    {
    };
    if (::lstat(QFile::encodeName(target).constData(), &st) != 0) {
        if (errno == ENOENT)
            return true;
        *error = QStringLiteral("cannot write %1: %2").arg(target, QString::fromLocal8Bit(strerror(errno)));
        return false;
    }
    if (S_ISREG(st.st_mode))
        return true;
    const QString what = S_ISDIR(st.st_mode)         ? QStringLiteral("a directory")
        : S_ISLNK(st.st_mode)                        ? QStringLiteral("a link (name the file itself)")
        : S_ISFIFO(st.st_mode)                       ? QStringLiteral("a FIFO")
        : S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) ? QStringLiteral("a device")
                                                     : QStringLiteral("a socket or other special file");
    *error = QStringLiteral("will not write %1: it is %2, not a regular file").arg(target, what);
    return false;
}

bool OutputFile::prepare(QString *error)
{
    if (!checkTarget(m_target, error))
        return false;
    const QFileInfo info(m_target);
    QTemporaryFile temporary(info.absolutePath() + QStringLiteral("/.labforge-XXXXXX-") + info.fileName());
    temporary.setAutoRemove(false);
    if (!temporary.open()) { // O_EXCL, 0600
        *error = QStringLiteral("cannot write beside %1: %2").arg(m_target, temporary.errorString());
        return false;
    }
    m_temporary = temporary.fileName();
    return true;
}

bool OutputFile::commit(QString *error)
{
    if (m_temporary.isEmpty()) {
        *error = QStringLiteral("nothing written for %1").arg(m_target);
        return false;
    }
    if (!checkTarget(m_target, error))
        return false;
    if (std::rename(QFile::encodeName(m_temporary).constData(), QFile::encodeName(m_target).constData()) != 0) {
        *error = QStringLiteral("cannot put %1 in place: %2").arg(m_target, QString::fromLocal8Bit(strerror(errno)));
        return false;
    }
    m_temporary.clear();
    return true;
}

QString OutputFile::aboutTarget(QString error) const
{
    // Replacing an empty string would put the target between every character.
    if (!m_temporary.isEmpty())
        error.replace(m_temporary, m_target);
    return error;
}

bool OutputFile::write(const QString &target, const QByteArray &data, QString *error)
{
    OutputFile out(target);
    if (!out.prepare(error))
        return false;
    QFile f(out.temporaryPath());
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(data) != data.size() || !f.flush()
        || ::fsync(f.handle()) != 0) {
        *error = QStringLiteral("cannot write %1: %2").arg(target, f.errorString());
        return false;
    }
    f.close();
    return out.commit(error);
}

} // namespace Labforge
