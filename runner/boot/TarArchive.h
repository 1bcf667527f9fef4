// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QByteArray>
#include <QString>

namespace Labforge {

// A POSIX ustar archive built in memory: what a seed disk carries. Members are
// relative paths (no "." or ".." component, no empty one) owned by name; tar running
// as root in the guest looks the names up there, and the numeric ids recorded with
// them (65534, nobody and nogroup) apply only where a name is unknown, so a file never
// falls to root by mistake.
class TarArchive
{
public:
    // False, with *error naming the member, when a path or a name cannot be stored.
    bool addDirectory(const QString &path, int mode, const QString &user, const QString &group, QString *error);
    bool addFile(const QString &path, const QByteArray &content, int mode, const QString &user, const QString &group,
                 QString *error);
    // The archive with its end-of-archive blocks.
    QByteArray finish() const;

    void setModificationTime(qint64 secondsSinceEpoch) { m_mtime = secondsSinceEpoch; }

    static constexpr int BlockSize = 512;
    static constexpr int UnknownId = 65534;

private:
    bool add(char type, const QString &path, const QByteArray &content, int mode, const QString &user,
             const QString &group, QString *error);

    QByteArray m_data;
    qint64 m_mtime = 0;
};

} // namespace Labforge
