// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "ImageBuilder.h"

#include "BaseImageBuilder.h"
#include "ImageCommands.h"
#include "NodeImageBuilder.h"
#include "RunnerPaths.h"

#include <QMutex>
#include <QtConcurrent>

namespace Labforge {

ImageBuilder::ImageBuilder(const Bundle &bundle, ArtifactCache cache, Options options)
    : m_bundle(bundle)
    , m_cache(std::move(cache))
    , m_options(std::move(options))
    , m_commands(std::make_unique<ImageCommands>(m_options))
{ }

ImageBuilder::~ImageBuilder() = default;

bool ImageBuilder::checkArtifacts(const QStringList &nodes, QString *error) const
{
    QStringList problems;
    for (const QString &id : nodes) {
        const Bundle::NodeImage *node = m_bundle.node(id);
        if (!node) {
            problems.append(QStringLiteral("node %1 is not in the lab").arg(id));
            continue;
        }
        for (const PinnedArtifact &a : node->output.artifacts) {
            QString why;
            if (m_cache.lookup(a, &why).isEmpty())
                problems.append(QStringLiteral("node %1: %2").arg(id, why));
        }
        for (const PinnedArtifact &i : node->output.images) {
            if (i.sha256.isEmpty())
                problems.append(QStringLiteral("node %1: the image %2 (%3/%4) has no digest in the pins lock; run "
                                               "`labforge pins lock` to pin it from the registry")
                                    .arg(id, i.imageReference(), i.component, i.name));
        }
    }
    if (!problems.isEmpty()) {
        *error = QStringLiteral("refusing to build, no image was touched:\n  ") + problems.join(QStringLiteral("\n  "));
        return false;
    }
    return true;
}

QString ImageBuilder::baseKey(const QStringList &nodes) const
{
    return BaseImageBuilder(m_bundle, *m_commands, m_options).key(nodes);
}

std::optional<ImageBuilder::Base> ImageBuilder::buildBase(const QStringList &nodes, QString *error)
{
    return BaseImageBuilder(m_bundle, *m_commands, m_options).build(nodes, error);
}

std::optional<ImageBuilder::NodeImage> ImageBuilder::buildNode(const QString &node, const Base &base, QString *error)
{
    return NodeImageBuilder(m_bundle, m_cache, *m_commands, m_options).build(node, base, error);
}

std::optional<QMap<QString, ImageBuilder::NodeImage>> ImageBuilder::build(const QStringList &nodes, QString *error)
{
    for (const QString &node : nodes) { // before any work: every image has a place under the cache
        if (RunnerPaths::nodeImages(m_options.labName, node, error).isEmpty())
            return std::nullopt;
    }
    if (!checkArtifacts(nodes, error))
        return std::nullopt;
    const auto base = buildBase(nodes, error);
    if (!base)
        return std::nullopt;
    QMap<QString, NodeImage> images;
    QStringList errors;
    QMutex mutex;
    QThreadPool pool;
    pool.setMaxThreadCount(std::max(1, m_options.jobs));
    QList<QString> list = nodes;
    QtConcurrent::blockingMap(&pool, list, [&](const QString &id) {
        if (m_options.cancel.isCancelled())
            return;
        QString why;
        const auto image = buildNode(id, *base, &why);
        QMutexLocker lock(&mutex);
        if (image) {
            images.insert(id, *image);
        } else {
            errors.append(why);
            m_commands->emitEvent(RunEvent::Type::NodeState, RunStage::Image, id, QStringLiteral("failed"), -1,
                                  RunEvent::NodeState::Failed);
        }
    });
    if (m_options.cancel.isCancelled()) {
        *error = QStringLiteral("build cancelled");
        return std::nullopt;
    }
    if (!errors.isEmpty()) {
        *error = errors.join(QLatin1Char('\n'));
        return std::nullopt;
    }
    return images;
}

} // namespace Labforge
