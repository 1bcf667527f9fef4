// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <optional>

#include "ArtifactFetcher.h"
#include "PinsLock.h"

#include <QString>
#include <QStringList>
#include <functional>

namespace Labforge {

struct Bundle;

// One archive with everything a lab's build and boot fetch from the network: the pinned
// artifacts, the container images by digest (OCI layouts), the Debian packages of its
// images as a partial mirror with Debian's own signed index, and the pins lock it was made
// with. Export takes them from the caches (images missing there are fetched by digest);
// import verifies every digest and signature before anything reaches a cache.
//
//   kit.json                  labforge/kit@1: lab, suite, artifacts, images, package count
//   pins.lock.json            the lock every digest comes from
//   artifacts/<sha256>        each pinned artifact
//   images/<sha256>.oci.tar   each image, by its pinned manifest digest
//   debian/dists/<suite>/…    InRelease and Packages as Debian's mirror served them
//   debian/pool/…             the .debs, at the index's Filename
class OfflineKit
{
public:
    struct Contents
    {
        QString lab;
        QString suite;
        QList<PinnedArtifact> artifacts;
        QList<PinnedArtifact> images;
        QStringList packages; // Debian packages the images install (without dependencies)
    };
    struct Caches
    {
        QString root; // the cache root: artifacts/, kit/ (RunnerPaths::cacheRoot())
        QString packages; // the .deb cache of the suite
        QString packageLists; // its saved signed index
        QString artifacts() const { return root + QStringLiteral("/artifacts"); }
        QString mirror() const { return root + QStringLiteral("/kit/debian"); }
        QString lock() const { return root + QStringLiteral("/kit/pins.lock.json"); }
    };
    using Log = std::function<void(const QString &line)>;

    // What the lab's images and running nodes need, from its bundle.
    static Contents contentsOf(const Bundle &bundle, const QString &lab);
    // Why an export of `contents` is bound to fail before anything is fetched (images the
    // pins lock has no digest for, named); empty when it may go ahead.
    static QString exportRefusal(const Contents &contents);
    static bool exportKit(const Contents &contents, const PinsLock &lock, const Caches &caches, const QString &file,
                          ArtifactFetcher *fetcher, const Log &log, QString *error);
    // Into `caches` once every part is verified (nothing before): artifacts and images into
    // the artifact cache, the Debian part as the kit mirror, the lock beside it; `log` says
    // what went where. `keyring`: Debian's archive keyring (tests pass their own).
    // `trusted`: the lock this labforge already trusts (built in, or the user's, --pins): the
    // kit's lock may only fill digests it leaves empty (first pulls made where the network is)
    // and must equal it everywhere else; the lock written beside the caches is that merge.
    static bool importKit(const QString &file, const Caches &caches, const QString &keyring, const PinsLock &trusted,
                          const Log &log, QString *error);
    // `trusted` with the digests `kit` gives for artifacts it leaves empty, each marked as a
    // first pull from the kit `kitName`; nullopt, with the reason in *why, when the kit's lock
    // adds an artifact, pins one otherwise (URL, version, signature, …), changes a digest or
    // gives a component another version (each named, with both versions).
    static std::optional<PinsLock> mergedLock(const PinsLock &trusted, const PinsLock &kit, const QString &kitName,
                                              QString *why);
};

} // namespace Labforge
