// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "ArtifactCache.h"

#include "RunnerPaths.h"
#include "Sha256.h"

#include <QDir>
#include <QFile>

namespace Labforge {

ArtifactCache::ArtifactCache(QString root)
    : m_root(std::move(root))
{ }

QString ArtifactCache::defaultRoot()
{
    return RunnerPaths::artifacts();
}

QString ArtifactCache::pathFor(const QString &sha256) const
{
    return m_root + QStringLiteral("/sha256/") + sha256;
}

QString ArtifactCache::lookup(const PinnedArtifact &a, QString *error) const
{
    const QString what = QStringLiteral("%1/%2 (%3)").arg(a.component, a.name, a.url);
    if (a.sha256.isEmpty()) {
        *error =
            QStringLiteral(
                "%1 has no SHA-256 in the pins lock; refusing to use it unverified. "
                "On a machine with internet access run `labforge pins lock --lock FILE` and build with --pins FILE")
                .arg(what);
        return {};
    }
    QString path = pathFor(a.sha256);
    if (!QFile::exists(path)) {
        *error = QStringLiteral("%1 is not in the artifact cache %2 and this machine cannot download it; "
                                "fetch it with `labforge pins fetch` where the network allows, then copy %3 here")
                     .arg(what, m_root, path);
        return {};
    }
    const QString actual = Sha256::ofFile(path);
    if (actual != a.sha256) {
        QFile::remove(path);
        *error = QStringLiteral("%1 in the cache had SHA-256 %2, not the pinned %3 (%4); the bad copy was removed")
                     .arg(what, actual, a.sha256, PinnedArtifact::provenanceName(a.provenance));
        return {};
    }
    return path;
}

ArtifactCache::Check ArtifactCache::check(const PinnedArtifact &a) const
{
    Check c;
    if (a.sha256.isEmpty())
        return c;
    c.path = pathFor(a.sha256);
    if (!QFile::exists(c.path)) {
        c.state = Check::State::NotCached;
        c.path.clear();
        return c;
    }
    c.actual = Sha256::ofFile(c.path);
    c.state = c.actual == a.sha256 ? Check::State::Ok : Check::State::Mismatch;
    return c;
}

bool ArtifactCache::store(const QString &file, const QString &sha256, QString *error) const
{
    const QString actual = Sha256::ofFile(file);
    if (actual != sha256) {
        QFile::remove(file);
        *error = QStringLiteral("SHA-256 mismatch: expected %1, got %2").arg(sha256, actual);
        return false;
    }
    if (!QDir().mkpath(m_root + QStringLiteral("/sha256"))) {
        *error = QStringLiteral("cannot create %1").arg(m_root);
        return false;
    }
    const QString target = pathFor(sha256);
    QFile::remove(target);
    if (!QFile::rename(file, target) && !(QFile::copy(file, target) && QFile::remove(file))) {
        *error = QStringLiteral("cannot store %1 in %2").arg(file, target);
        return false;
    }
    return true;
}

} // namespace Labforge
