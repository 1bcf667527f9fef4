// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Bundle.h"
#include "ImageBuilder.h"
#include "TreeWriter.h"
#include "WorkDirectory.h"

#include <memory>

namespace Labforge {

// What the steps of one node's image build share: the node, the base it starts from,
// where its image goes, the work directory holding the unpacked tree, and what is
// mounted. Its end undoes the mounts, lazily (/proc in the tree, then the scratch
// tmpfs), before the work directory is removed: a failed step leaves nothing behind.
class NodeBuildContext
{
public:
    NodeBuildContext(QString id, const Bundle::NodeImage &node, const ImageBuilder::Base &base, QString imageDir,
                     ImageBuilder::NodeImage image);
    ~NodeBuildContext();
    NodeBuildContext(const NodeBuildContext &) = delete;
    NodeBuildContext &operator=(const NodeBuildContext &) = delete;

    const QString id;
    const Bundle::NodeImage &node;
    const ImageBuilder::Base &base;
    const QString imageDir; // disk, kernel, initrd and stamp
    ImageBuilder::NodeImage image;
    const QStringList install; // this node's packages the base lacks: they come from the mirror

    // A new work directory under `parent` (removed with the context).
    bool createWork(const QString &parent, QString *error);
    QString work() const { return m_work ? m_work->path() : QString(); }
    QString tree() const { return work() + QStringLiteral("/tree"); }
    QString proc() const { return tree() + QStringLiteral("/proc"); }
    TreeWriter treeWriter() const { return TreeWriter(tree()); }
    QString stamp() const { return imageDir + QStringLiteral("/inputs.sha256"); }

    // Set by whoever mounts; the unmounts are idempotent.
    bool scratchMounted = false;
    bool procMounted = false;
    void unmountProc();
    void unmountScratch();
    // umount -l: detached now, gone once nothing uses it (base builds use it too).
    static void unmountLazily(const QString &path);

private:
    std::unique_ptr<WorkDirectory> m_work;
};

} // namespace Labforge
