// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "TreeWriter.h"

#include "ConfinedPath.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <cerrno>
#include <cstring>
#include <sys/stat.h>

namespace Labforge {

QString TreeWriter::resolve(const QString &path, QString *error) const
{
    return ConfinedPath::join(m_root, path, error);
}

bool TreeWriter::makeParent(const QString &hostPath, QString *error) const
{
    // resolve() followed every existing link inside the root; what mkpath adds is plain directories.
    const QString parent = QFileInfo(hostPath).path();
    if (!QDir().mkpath(parent)) {
        *error = QStringLiteral("cannot create %1").arg(parent);
        return false;
    }
    return true;
}

bool TreeWriter::writeFile(const QString &path, const QByteArray &content, int mode, QString *error) const
{
    const QString target = resolve(path, error);
    if (target.isEmpty() || !makeParent(target, error))
        return false;
    QFile::remove(target);
    QFile f(target);
    if (!f.open(QIODevice::WriteOnly) || f.write(content) != content.size() || !f.flush()) {
        *error = QStringLiteral("cannot write %1: %2").arg(target, f.errorString());
        return false;
    }
    f.close();
    if (::chmod(QFile::encodeName(target).constData(), mode_t(mode & 07777)) != 0) {
        *error = QStringLiteral("cannot set the mode of %1: %2").arg(target, QString::fromLocal8Bit(strerror(errno)));
        return false;
    }
    return true;
}

bool TreeWriter::writeLink(const QString &path, const QString &target, QString *error) const
{
    const QString link = ConfinedPath::join(m_root, path, error, ConfinedPath::Last::NoFollow);
    if (link.isEmpty() || !makeParent(link, error))
        return false;
    QFile::remove(link);
    if (!QFile::link(target, link)) {
        *error = QStringLiteral("cannot create the link %1 -> %2").arg(link, target);
        return false;
    }
    return true;
}

} // namespace Labforge
