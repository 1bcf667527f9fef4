// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "FeatureOutput.h"

namespace Labforge {

// The container images a node's services start, pinned by the lock's digests. A feature
// hands its images here: they are listed in the node's output (the image builder refuses
// one without a digest, kits carry them), written as a table under
// /etc/openfactory/images.d/, and the node gets openfactory-pin-images, which rewrites
// manifests (kubectl apply input, Helm's rendered charts) to those digests and refuses an
// image the lock does not pin.
class ImagePins
{
public:
    static constexpr auto Tool = "/usr/local/lib/openfactory/pin-images";

    // One "registry/repository:tag registry/repository@sha256:…" line per image ("UNPINNED"
    // for an image without a digest), sorted.
    static QByteArray table(const QList<PinnedArtifact> &images);
    // Adds `images` to `out` under the table name `table` (a feature's name).
    static void add(FeatureOutput &out, const QString &table, const QList<PinnedArtifact> &images);
};

} // namespace Labforge
