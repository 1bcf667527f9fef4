// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "RunOwner.h"

#include "RunnerPaths.h"

#include <QDir>
#include <QFileInfo>

#include <pwd.h>
#include <unistd.h>

namespace Labforge {

namespace {

QString cleanRoot(const QString &path)
{
    return QDir::cleanPath(QFileInfo(path).absoluteFilePath());
}

} // namespace

RunOwner RunOwner::here()
{
    const uid_t uid = geteuid();
    const passwd *entry = getpwuid(uid);
    return {cleanRoot(RunnerPaths::cacheRoot()),
            entry && entry->pw_name ? QString::fromLocal8Bit(entry->pw_name) : QString::number(uid)};
}

RunOwner::Relation RunOwner::relation() const
{
    const RunOwner me = here();
    if (!user.isEmpty() && user != me.user)
        return Relation::OtherUser;
    if (!cacheRoot.isEmpty() && cleanRoot(cacheRoot) != me.cacheRoot)
        return Relation::OtherCacheRoot;
    return Relation::Own;
}

QString RunOwner::elsewhere() const
{
    switch (relation()) {
    case Relation::OtherUser:
        return QStringLiteral("another user's run (%1)").arg(user);
    case Relation::OtherCacheRoot:
        return QStringLiteral("run of another cache root (%1)").arg(cacheRoot);
    case Relation::Own:
        break;
    }
    return {};
}

} // namespace Labforge
