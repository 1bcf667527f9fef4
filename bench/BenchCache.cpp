// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "BenchCache.h"

#include "WorkDirectory.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <cstdio>
#include <cstdlib>

using namespace Labforge;

void BenchCache::remove(const QString &root)
{
    if (!QFileInfo::exists(root))
        return;
    for (const WorkDirectory::Swept &s : WorkDirectory::sweep(root + QStringLiteral("/work")))
        std::fprintf(stderr, "swept %s (%lld mounts)%s%s\n", qPrintable(s.path),
                     static_cast<long long>(s.mounts.size()), s.error.isEmpty() ? "" : ": ", qPrintable(s.error));
    const QStringList mounts = WorkDirectory::mountsUnder(root);
    if (!mounts.isEmpty()) {
        std::fprintf(stderr, "%s still has mounts (%s); not removing it\n", qPrintable(root),
                     qPrintable(mounts.join(QStringLiteral(", "))));
        std::exit(1);
    }
    QDir(root).removeRecursively();
}

void BenchCache::use(const QString &root, bool cold)
{
    if (cold)
        remove(root);
    QDir().mkpath(root);
    QFile::setPermissions(root,
                          QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup | QFile::ExeGroup
                              | QFile::ReadOther | QFile::ExeOther);
    qputenv("LABFORGE_CACHE_DIR", root.toLocal8Bit());
}

BenchCache::MachineCache::MachineCache()
    : m_dir(qgetenv("LABFORGE_CACHE_DIR"))
{ }

void BenchCache::MachineCache::restore() const
{
    if (m_dir.isEmpty())
        qunsetenv("LABFORGE_CACHE_DIR");
    else
        qputenv("LABFORGE_CACHE_DIR", m_dir);
}
