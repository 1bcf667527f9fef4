// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "RunLock.h"

#include "RunnerPaths.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace Labforge {

RunLock::RunLock(const QString &labName)
    : m_lab(labName)
{ }

QString RunLock::lockPath(const QString &labName, QString *error)
{
    const QString dir = RunnerPaths::run(labName, error);
    return dir.isEmpty() ? QString() : dir + QStringLiteral("/run.lock");
}

bool RunLock::acquire(QString *error)
{
    const QString path = lockPath(m_lab, error);
    if (path.isEmpty())
        return false;
    if (!QDir().mkpath(QFileInfo(path).path())) {
        *error = QStringLiteral("cannot create %1").arg(QFileInfo(path).path());
        return false;
    }
    m_lock = std::make_unique<QLockFile>(path);
    m_lock->setStaleLockTime(0); // only a dead holder makes it stale, never its age
    if (m_lock->tryLock(0))
        return true;
    qint64 pid = 0;
    QString host, app;
    if (m_lock->getLockInfo(&pid, &host, &app))
        *error =
            QStringLiteral("lab %1 is already being run by %2 (process %3 on %4, since %5); wait for it or cancel it")
                .arg(m_lab, app.isEmpty() ? QStringLiteral("another labforge") : app)
                .arg(pid)
                .arg(host, QFileInfo(path).lastModified().toString(Qt::ISODate));
    else
        *error = QStringLiteral("lab %1 is locked (%2) and the lock cannot be read").arg(m_lab, path);
    m_lock.reset();
    return false;
}

bool RunLock::isHeld(const QString &labName)
{
    QString error;
    // Asking makes nothing: a lab that never ran here has no lock file to hold.
    if (const QString path = lockPath(labName, &error); path.isEmpty() || !QFile::exists(path))
        return false;
    RunLock probe(labName);
    if (probe.acquire(&error)) {
        probe.release();
        return false;
    }
    return true;
}

void RunLock::release()
{
    if (m_lock)
        m_lock->unlock();
    m_lock.reset();
}

} // namespace Labforge
