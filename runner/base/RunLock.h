// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QLockFile>
#include <QString>
#include <memory>

namespace Labforge {

// One run of a lab at a time: a lock file in the lab's run directory. A second
// run is refused with the holder named (process, host, since when); a lock left
// by a process that died is taken over.
class RunLock
{
public:
    explicit RunLock(const QString &labName);
    bool acquire(QString *error);
    void release();
    static QString lockPath(const QString &labName, QString *error);
    // True when another process holds the lab's lock right now.
    static bool isHeld(const QString &labName);

private:
    QString m_lab;
    std::unique_ptr<QLockFile> m_lock;
};

} // namespace Labforge
