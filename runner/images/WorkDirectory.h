// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QList>
#include <QStringList>
#include <QTemporaryDir>
#include <memory>

namespace Labforge {

// A build's work directory: <parent>/<prefix>-XXXXXX, new, removed with the object (what
// was mounted in it must be unmounted first, by whoever mounted it). Beside it,
// <directory>.lock is held locked (flock) while the object lives; the kernel drops that
// lock when the process ends, however it ends.
// A build killed mid-way (SIGKILL, a session that ends, a power cut) cannot undo its
// mounts: a tmpfs on the directory, /proc in its tree, apt's archive bound into it.
// sweep() is what the next build does first: every directory whose lock is free and not
// new (a minute old: one being created is never taken) has what is mounted under it
// unmounted, deepest first, and is removed with its lock file; a directory with a mount
// that will not go stays, and says so.
class WorkDirectory
{
public:
    WorkDirectory(const QString &parent, const QString &prefix);
    ~WorkDirectory();
    WorkDirectory(const WorkDirectory &) = delete;
    WorkDirectory &operator=(const WorkDirectory &) = delete;

    bool isValid() const { return m_lock >= 0; }
    QString path() const { return isValid() ? m_dir->path() : QString(); }

    struct Swept
    {
        QString path;
        QStringList mounts; // what was unmounted under it
        QString error; // empty when it is gone
    };
    static QList<Swept> sweep(const QString &parent);
    // Mount points at or under `path` in this process's mount namespace, deepest first.
    static QStringList mountsUnder(const QString &path);

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_lockPath;
    int m_lock = -1;
};

} // namespace Labforge
