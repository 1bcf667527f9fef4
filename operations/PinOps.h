// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "ArtifactCache.h"
#include "CancelToken.h"
#include "Outcome.h"
#include "PinEvent.h"
#include "PinsLock.h"

#include <QList>
#include <QString>

namespace Labforge {

// The pins lock and the artifact cache: read a lock, pin what it has no digest for (download,
// resolve, discover the images kubeadm and the charts pull, write the lock), fill the cache,
// re-hash what it holds. What `labforge pins` and the designer's Pin Now both call. Each step
// is a PinEvent as it happens; what stops the call is an OpError.
class PinOps
{
public:
    // The command line's exit status of a cancelled pinning.
    static constexpr int CancelledExitCode = 3;

    struct Done
    {
        int failed = 0; // artifacts that could not be pinned or fetched (they keep their previous digest)
        bool cancelled = false; // stopped by the token: nothing written
        QString written; // lock: the lock file written
        // The command line's exit status: 0, 1 when an artifact failed, CancelledExitCode.
        int exitCode() const { return cancelled ? CancelledExitCode : failed ? 1 : 0; }
    };
    // One artifact of the lock as the cache holds it (verify).
    struct Checked
    {
        QString component;
        QString name;
        QString provenance; // PinnedArtifact::provenanceName, or "not-pinned"
        bool image = false; // an image: nothing in the cache; reference is its pinned one (empty without digest)
        QString reference;
        QString pinned; // the lock's SHA-256
        ArtifactCache::Check check; // an artifact: what the cache holds, re-hashed
    };

    // The lock in `file`, or the built-in one when `file` is empty or does not exist;
    // pins.lock_unreadable ("FILE: why", unusable) when it cannot be read.
    static Outcome<PinsLock> load(const QString &file);
    // From `start` (as load gave it): downloads every artifact the cache lacks (verified
    // against the lock; pinned from this first pull when it has no digest), resolves every
    // image, adds and pins the images the cached kubeadm and Helm charts pull, and writes the
    // lock to `file` unless cancelled. Errors: pins.no_lock_file (unusable), pins.write_failed.
    static Outcome<Done> lock(const PinsLock &start, const QString &file, const QString &cacheRoot,
                              const CancelToken &cancel, const PinEvents &events);
    // Downloads the artifacts with a recorded SHA-256 into the cache, verifying each.
    static Done fetch(const PinsLock &lock, const QString &cacheRoot, const CancelToken &cancel,
                      const PinEvents &events);
    // Every artifact and image of the lock, in its order, with what the cache holds for it.
    static QList<Checked> verify(const PinsLock &lock, const QString &cacheRoot);
    static QString provenance(const PinnedArtifact &artifact);
};

} // namespace Labforge
