// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "ArtifactFetcher.h"
#include "PinnedArtifact.h"

#include <QString>

namespace Labforge {

// Container images by their pinned digest: <root>/images/<hex>.oci.tar, each an OCI image
// layout (the pinned manifest or index byte for byte, the linux/amd64 image's manifest,
// config and layers) that `ctr images import` reads. Filled from the registry or from an
// offline kit; every archive is verified blob by blob before it goes in and when it is
// checked, and one that does not hold its image is removed.
class ContainerImageCache
{
public:
    explicit ContainerImageCache(QString root); // the artifact cache's root
    QString pathFor(const PinnedArtifact &image) const;
    bool contains(const PinnedArtifact &image) const;
    // The image from its registry by digest, verified, into the cache.
    bool fetch(const PinnedArtifact &image, ArtifactFetcher &fetcher, QString *error,
               const ArtifactFetcher::Progress &progress = {}) const;
    // An archive (from a kit) into the cache once it is verified; false (nothing stored) otherwise.
    bool store(const QString &archive, const PinnedArtifact &image, QString *error) const;
    // Whether `archive` holds exactly the pinned image: index.json names sha256:<pinned>,
    // every blob's content is its digest, and the manifests, config and layers are all there.
    static bool verifyArchive(const QString &archive, const PinnedArtifact &image, QString *error);
    // The same for an unpacked layout directory.
    static bool verifyLayout(const QString &layout, const PinnedArtifact &image, QString *error);

private:
    QString m_root;
};

} // namespace Labforge
