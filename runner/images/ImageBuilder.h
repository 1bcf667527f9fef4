// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "ArtifactCache.h"
#include "BaseCachePolicy.h"
#include "Bundle.h"
#include "CancelToken.h"
#include "RunEvent.h"

#include <QDateTime>
#include <QHash>
#include <QMap>
#include <functional>
#include <memory>
#include <optional>
#include <utility>

namespace Labforge {

class NodeBuildContext;
class WorkDirectory;
class Redactor;

// Builds role images from a bundle: one shared Debian base (mmdebstrap, cached
// by the hash of suite, mirror and package union; BaseCachePolicy picks a cached one),
// then per node, as a sequence of named steps (nodeBuildSteps): unpack the base, keep
// only the node's packages (apt autoremove), lay down overlay files and verified
// artifacts, run the build script, enable units, and write a qcow2 disk with its kernel
// and initrd beside it for direct kernel boot (root=/dev/vda, no bootloader). A node
// whose inputs did not change is not rebuilt. Images hold no secret: those travel on
// per-run seed disks.
class ImageBuilder
{
public:
    struct Options
    {
        QString mirror;
        int jobs = 1;
        bool force = false;
        // Unpacked trees and raw filesystems on a private tmpfs when memory allows.
        bool scratchInMemory = true;
        int maxLackingPackages = 8;
        CancelToken cancel;
        EventSink events;
        const Redactor *redactor = nullptr;
        QString labName;
    };
    struct NodeImage
    {
        QString disk; // qcow2
        QString kernel;
        QString initrd;
        QString inputsHash;
        bool rebuilt = false;
    };

    ImageBuilder(const Bundle &bundle, ArtifactCache cache, Options options);

    // Fail closed before anything is built: every artifact of these nodes must be
    // pinned and present in the cache with its SHA-256.
    bool checkArtifacts(const QStringList &nodes, QString *error) const;
    QString baseKey(const QStringList &nodes) const;
    struct Base
    {
        QString tar;
        QString key; // the key of the base used (an exact one, or a cached one close enough)
        QStringList lacking; // packages of the group the base does not hold (installed per node)
    };
    // The group's base, as BaseCachePolicy decides: the cached one for exactly these
    // inputs; else a cached base of the same suite and mirror whose packages include every
    // package the nodes need (a recipe that drops a package rebuilds no base); else a
    // cached base that lacks at most Options::maxLackingPackages of them, which the nodes
    // needing them install from the mirror (a recipe that adds a package rebuilds only
    // its node); else a new base derived by apt from the cached one holding most of the
    // packages; else (none, an offline kit's mirror, or `force`) a new mmdebstrap.
    std::optional<Base> buildBase(const QStringList &nodes, QString *error);
    std::optional<NodeImage> buildNode(const QString &node, const Base &base, QString *error);
    // The whole group: artifacts checked, base built once, nodes in parallel (jobs).
    std::optional<QMap<QString, NodeImage>> build(const QStringList &nodes, QString *error);

    static QString imageLayoutVersion() { return QStringLiteral("labforge-image/4"); }
    // Shell run with a base's tree as $1 (an mmdebstrap hook): what apt left in the tree's
    // archive that the package cache `debs` lacks or holds with other bytes goes into it.
    static QString packageCacheOutScript(const QString &debs);
    // The last (by name) file in an image tree's /boot matching `pattern` ("vmlinuz-*"),
    // resolved within the tree: a link is followed as if the tree were '/', one leading out
    // of it is refused, and what it names must be a file of the image.
    struct BootFile
    {
        QString name; // in /boot
        QString path; // on the host
    };
    static std::optional<BootFile> bootFile(const QString &tree, const QString &pattern, QString *error);

private:
    void emitEvent(RunEvent::Type type, RunStage stage, const QString &node, const QString &message,
                   double progress = -1, RunEvent::NodeState nodeState = RunEvent::NodeState::None) const;
    bool run(RunStage stage, const QString &node, const QString &program, const QStringList &args, QString *error,
             int timeoutMs = 600000, const QByteArray &input = {},
             const QMap<QString, QString> &environment = {}) const;
    QString nodeInputsHash(const QString &node, const QString &baseKey) const;
    QStringList packageUnion(const QStringList &nodes, QString *suite) const;
    void saveBaseMeta(const BaseCachePolicy &policy, const QString &key, const BaseCachePolicy::Request &request) const;
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
    void sweepStaleWork() const;
    void packageCacheNotice(const QString &debs, const QHash<QString, std::pair<QDateTime, qint64>> &before) const;
    bool withHostResolver(const QString &tree, const QString &node, QString *error,
                          const std::function<bool()> &work) const;

    // One step of a node's image: its name is logged ("step <name>") and prefixes its error.
    struct NodeBuildStep
    {
        QString name;
        bool (ImageBuilder::*run)(NodeBuildContext &, QString *error) const = nullptr;
        bool (*needed)(const NodeBuildContext &) = nullptr; // null: always
    };
    static const QList<NodeBuildStep> &nodeBuildSteps();
    void progress(const NodeBuildContext &c, double progress, const QString &what) const;
    bool createWorkDirectory(NodeBuildContext &c, QString *error) const;
    bool mountScratch(NodeBuildContext &c, QString *error) const;
    bool unpackBase(NodeBuildContext &c, QString *error) const;
    bool prepareChroot(NodeBuildContext &c, QString *error) const;
    bool installLacking(NodeBuildContext &c, QString *error) const;
    bool prunePackages(NodeBuildContext &c, QString *error) const;
    bool writeOverlayFiles(NodeBuildContext &c, QString *error) const;
    bool placeArtifacts(NodeBuildContext &c, QString *error) const;
    bool placeArtifact(NodeBuildContext &c, const PinnedArtifact &a, QString *error) const;
    bool writeSeedService(NodeBuildContext &c, QString *error) const;
    bool runBuildScript(NodeBuildContext &c, QString *error) const;
    bool enableUnits(NodeBuildContext &c, QString *error) const;
    bool tidyTree(NodeBuildContext &c, QString *error) const;
    bool copyKernelAndInitrd(NodeBuildContext &c, QString *error) const;
    bool writeDisk(NodeBuildContext &c, QString *error) const;
    bool writeStamp(NodeBuildContext &c, QString *error) const;

    const Bundle &m_bundle;
    ArtifactCache m_cache;
    Options m_options;
};

} // namespace Labforge
