// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

namespace Labforge {

// The per-run seed disk of one VM: a raw disk (attached read-only with serial
// LABFORGE_SEED) holding a tar archive of this run's secrets for that VM, which the
// image's labforge-seed service extracts at boot in one process (no file system to
// mount, no program per file). Members are the guest paths themselves, owned by their
// user and the group of the same name (labforge's users have one, as do the system
// users it seeds: root, munge); the password hashes travel as one more member that is
// read, never extracted.
class SeedDisk
{
public:
    struct Entry
    {
        bool directory = false;
        int mode = 0600;
        QString user = QStringLiteral("root");
        QString path; // absolute path in the guest
        QByteArray content;
    };

    void addDirectory(const QString &path, int mode, const QString &user);
    void addFile(const QString &path, const QByteArray &content, int mode, const QString &user);
    void setPasswordHash(const QString &user, const QString &hash);
    // The archive as written to the disk (without its zero padding).
    bool archive(QByteArray *out, QString *error) const;
    // Writes the disk image (created 0600, DiskBytes long, sparse after the archive).
    bool write(const QString &imagePath, QString *error) const;

    const QList<Entry> &entries() const { return m_entries; }

    // The member holding "USER HASH" lines for chpasswd -e; the seed script excludes it
    // from the extraction.
    static constexpr const char *PasswordsMember = ".labforge-seed/passwords";
    static constexpr qint64 DiskBytes = qint64(16) * 1024 * 1024;

private:
    QList<Entry> m_entries;
    QList<std::pair<QString, QString>> m_passwords;
};

} // namespace Labforge
