// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "PinnedArtifact.h"

namespace Labforge {

QString PinnedArtifact::sourceName(Source source)
{
    switch (source) {
    case Source::Https:
        return QStringLiteral("https");
    case Source::HelmOci:
        return QStringLiteral("helm-oci");
    case Source::OciImage:
        return QStringLiteral("oci-image");
    }
    return {};
}

std::optional<PinnedArtifact::Source> PinnedArtifact::sourceFromName(const QString &name)
{
    for (const Source s : {Source::Https, Source::HelmOci, Source::OciImage}) {
        if (sourceName(s) == name)
            return s;
    }
    return std::nullopt;
}

QString PinnedArtifact::imageRepository() const
{
    return QString(url).remove(0, url.startsWith(QLatin1String("docker://")) ? 9 : 0);
}

QString PinnedArtifact::imageReference() const
{
    return imageRepository() + QLatin1Char(':') + version;
}

QString PinnedArtifact::pinnedImageReference() const
{
    if (sha256.isEmpty())
        return {};
    return imageRepository() + QStringLiteral("@sha256:") + sha256;
}

QString PinnedArtifact::unpackName(Unpack unpack)
{
    switch (unpack) {
    case Unpack::None:
        return QStringLiteral("none");
    case Unpack::TarGz:
        return QStringLiteral("tar.gz");
    case Unpack::Zip:
        return QStringLiteral("zip");
    }
    return {};
}

QString PinnedArtifact::provenanceName(Provenance provenance)
{
    switch (provenance) {
    case Provenance::None:
        return {};
    case Provenance::Published:
        return QStringLiteral("published");
    case Provenance::Reproduced:
        return QStringLiteral("reproduced");
    case Provenance::FirstPull:
        return QStringLiteral("first-pull");
    }
    return {};
}

std::optional<PinnedArtifact::Provenance> PinnedArtifact::provenanceFromName(const QString &name)
{
    for (const Provenance p :
         {Provenance::None, Provenance::Published, Provenance::Reproduced, Provenance::FirstPull}) {
        if (provenanceName(p) == name)
            return p;
    }
    return std::nullopt;
}

} // namespace Labforge
