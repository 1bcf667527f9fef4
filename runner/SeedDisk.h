#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

namespace Labforge {

// The per-run seed disk of one VM: a small ext4 image (label "seed", attached
// read-only with serial LABFORGE_SEED) holding this run's secrets for that VM and
// a manifest that the image's labforge-seed service applies at boot.
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
    // Writes the image (created 0600). The staging tree is removed whatever happens.
    bool write(const QString &imagePath, QString *error) const;

    const QList<Entry> &entries() const { return m_entries; }
    QByteArray manifest() const;

private:
    QList<Entry> m_entries;
    QList<std::pair<QString, QString>> m_passwords;
};

} // namespace Labforge
