// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QString>
#include <optional>

namespace Labforge {

// An upstream file an image needs, fetched once into the artifact cache and
// verified by SHA-256 before any image is touched. `sha256` empty means the lock
// has no checksum yet: the build refuses it (fail closed).
struct PinnedArtifact
{
    // OciImage: a container image the running lab pulls (url docker://registry/repository,
    // version = its tag); its digest is the registry's manifest (index) digest, and the
    // image builder never bakes it: generated manifests and Helm installs reference it by
    // that digest, and an offline kit carries it.
    enum class Source { Https, HelmOci, OciImage };
    enum class Unpack { None, TarGz, Zip };
    // How the lock's digest was obtained. Published: copied from upstream's own checksum
    // (or a faithful copy of it); Reproduced: rebuilt from upstream's tagged source, not
    // published by upstream; FirstPull: recorded by `labforge pins lock` from the first
    // trusted download. None: no digest yet.
    enum class Provenance { None, Published, Reproduced, FirstPull };

    QString component; // pins lock component, e.g. "kubernetes"
    QString name; // unique within the lock, e.g. "kubeadm"
    Source source = Source::Https;
    QString url; // https URL, oci://registry/repository for Helm charts, docker://registry/repository for images
    QString version; // OCI tag for Helm charts and images
    QString sha256;
    Provenance provenance = Provenance::None;
    QString digestSource; // where the digest comes from, in words (or why there is none)
    Unpack unpack = Unpack::None;
    QString member; // path inside the archive when unpacking
    QString destination; // absolute path inside the guest
    int mode = 0644;
    // Where upstream signs it: a signed checksum file (HashiCorp's SHA256SUMS + .sig) or a
    // detached signature of the artifact itself (Helm's .asc), checked with gpgv against a
    // key shipped in generators/keys/ (or, for tests, a key file by absolute path).
    struct Signature
    {
        enum class Kind { None, ChecksumFile, Detached };
        Kind kind = Kind::None;
        QString checksumsUrl; // ChecksumFile: the checksum file the signature covers
        QString url; // the signature
        QString key; // "hashicorp-security.asc", or an absolute path
        QString fingerprint; // the signing key's primary fingerprint (40 hex), empty: any key of the file
        bool operator==(const Signature &) const = default;
    };
    Signature signature {};

    static QString sourceName(Source source);
    static std::optional<Source> sourceFromName(const QString &name);
    // An image's "registry/repository" (docker:// dropped).
    QString imageRepository() const;
    // An image's "registry/repository:tag", as manifests write it.
    QString imageReference() const;
    // "registry/repository@sha256:…", or empty while the image has no digest.
    QString pinnedImageReference() const;
    static QString unpackName(Unpack unpack);
    // "published", "reproduced", "first-pull", or empty for None.
    static QString provenanceName(Provenance provenance);
    static std::optional<Provenance> provenanceFromName(const QString &name);
    bool operator==(const PinnedArtifact &) const = default;
};

} // namespace Labforge
