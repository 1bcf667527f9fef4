// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "BaseCachePolicy.h"
#include "ImageBuilder.h"

#include <QDateTime>
#include <QHash>
#include <memory>
#include <utility>

namespace Labforge {

class ImageCommands;
class WorkDirectory;

// The group's Debian base, the tar every node image starts from, as BaseCachePolicy
// decides: reused from the cache (exactly these inputs, a superset, or one lacking a few
// packages the nodes install), derived with apt from the closest cached base, or made
// anew with mmdebstrap. A new base is written whole or not at all; its packages go into
// the suite's package cache and its signed index is kept for offline kits.
class BaseImageBuilder
{
public:
    BaseImageBuilder(const Bundle &bundle, const ImageCommands &commands, const ImageBuilder::Options &options);

    QString key(const QStringList &nodes) const;
    std::optional<ImageBuilder::Base> build(const QStringList &nodes, QString *error);

    // Shell run with a base's tree as $1 (an mmdebstrap hook): what apt left in the tree's
    // archive that the package cache `debs` lacks or holds with other bytes goes into it.
    static QString packageCacheOutScript(const QString &debs);

private:
    QStringList packageUnion(const QStringList &nodes, QString *suite) const;
    void saveBaseMeta(const BaseCachePolicy &policy, const QString &key, const BaseCachePolicy::Request &request) const;
    void sweepStaleWork() const;
    bool mmdebstrap(const BaseCachePolicy::Request &request, const QString &tar, QString *error) const;
    bool deriveBase(const BaseCachePolicy::Request &request, const BaseCachePolicy::Decision &decision,
                    const QString &fromTar, const QString &tar, QString *error) const;
    struct BaseWork
    {
        QString debs; // the package cache
        QHash<QString, std::pair<QDateTime, qint64>> cached; // what it held before
        QString partial; // the tar being written
        std::unique_ptr<WorkDirectory> scratch; // the tree's work directory
    };
    static BaseWork baseWork(const QString &suite, const QString &tar);
    bool mountBaseScratch(const WorkDirectory &dir) const;
    void packageCacheNotice(const QString &debs, const QHash<QString, std::pair<QDateTime, qint64>> &before) const;

    const Bundle &m_bundle;
    const ImageCommands &m_commands;
    const ImageBuilder::Options &m_options;
};

} // namespace Labforge
