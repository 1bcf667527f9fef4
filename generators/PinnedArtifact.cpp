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

} // namespace Labforge
