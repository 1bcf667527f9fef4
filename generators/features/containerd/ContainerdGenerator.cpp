// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "ContainerdGenerator.h"

#include "ImagePins.h"

#include <QJsonArray>

namespace Labforge {

FeatureOutput ContainerdGenerator::generate(const GeneratorContext &c) const
{
    FeatureOutput out;
    const Service *service = c.service(QStringLiteral("openfactory-containerd"));
    if (!service) {
        out.errors.append(QStringLiteral("feature containerd needs the openfactory-containerd service"));
        return out;
    }
    out.packages = {QStringLiteral("containerd"), QStringLiteral("runc")};
    QList<PinnedArtifact> images;
    for (const QJsonValue v : service->config.value(QStringLiteral("images")).toArray()) {
        const QString ref = v.toString();
        const PinnedArtifact image =
            c.pins.artifact(ref.section(QLatin1Char('/'), 0, 0), ref.section(QLatin1Char('/'), 1), &out.errors);
        if (image.source == PinnedArtifact::Source::OciImage)
            images.append(image);
        else if (!image.url.isEmpty())
            out.errors.append(
                QStringLiteral("openfactory-containerd: %1 is not a container image of the pins lock").arg(ref));
    }
    ImagePins::add(out, QStringLiteral("containerd"), images);
    out.units.append(QStringLiteral("containerd.service"));
    return out;
}

} // namespace Labforge
