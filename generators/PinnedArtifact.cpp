#include "PinnedArtifact.h"

namespace Labforge {

QString PinnedArtifact::sourceName(Source source)
{
    return source == Source::HelmOci ? QStringLiteral("helm-oci") : QStringLiteral("https");
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
