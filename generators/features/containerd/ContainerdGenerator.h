// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "FeatureGenerator.h"

namespace Labforge {

// containerd from Debian and the images of openfactory-containerd's "images" (pins lock
// component/name), each by its digest (ImagePins).
class ContainerdGenerator : public FeatureGenerator
{
public:
    QString feature() const override { return QStringLiteral("containerd"); }
    FeatureOutput generate(const GeneratorContext &context) const override;
};

} // namespace Labforge
