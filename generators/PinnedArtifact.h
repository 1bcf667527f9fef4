#pragma once

#include <QString>

namespace Labforge {

// An upstream file an image needs, fetched once into the artifact cache and
// verified by SHA-256 before any image is touched. `sha256` empty means the lock
// has no checksum yet: the build refuses it (fail closed).
struct PinnedArtifact
{
    enum class Source { Https, HelmOci };
    enum class Unpack { None, TarGz, Zip };

    QString component; // pins lock component, e.g. "kubernetes"
    QString name; // unique within the lock, e.g. "kubeadm"
    Source source = Source::Https;
    QString url; // https URL, or oci://registry/repository for Helm charts
    QString version; // OCI tag for Helm charts
    QString sha256;
    Unpack unpack = Unpack::None;
    QString member; // path inside the archive when unpacking
    QString destination; // absolute path inside the guest
    int mode = 0644;

    static QString sourceName(Source source);
    static QString unpackName(Unpack unpack);
    bool operator==(const PinnedArtifact &) const = default;
};

} // namespace Labforge
