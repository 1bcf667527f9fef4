// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "ArtifactCache.h"
#include "BaseCachePolicy.h"
#include "Bundle.h"
#include "CancelToken.h"
#include "RunEvent.h"

#include <QMap>
#include <memory>
#include <optional>

namespace Labforge {

class ImageCommands;
class Redactor;

// Builds role images from a bundle: one shared Debian base (BaseImageBuilder: mmdebstrap,
// cached by the hash of suite, mirror and package union; BaseCachePolicy picks a cached one),
// then per node (NodeImageBuilder), as a sequence of named steps: unpack the base, keep
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
    ~ImageBuilder();
    ImageBuilder(const ImageBuilder &) = delete;
    ImageBuilder &operator=(const ImageBuilder &) = delete;

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

    // Changes whenever what a base or node image holds changes for the same inputs (5: trees
    // keep their extended attributes, file capabilities among them), so that no cache from an
    // earlier layout is reused.
    static QString imageLayoutVersion() { return QStringLiteral("labforge-image/5"); }

private:
    const Bundle &m_bundle;
    ArtifactCache m_cache;
    Options m_options;
    std::unique_ptr<ImageCommands> m_commands; // commands and events, shared by the base and node builders
};

} // namespace Labforge
