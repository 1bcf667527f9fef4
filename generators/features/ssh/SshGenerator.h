// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "FeatureGenerator.h"

namespace Labforge {

// OpenSSH for the lab's users: key authentication only; keys and host keys come
// from the runner at build time (secret slots), never from the bundle.
class SshGenerator : public FeatureGenerator
{
public:
    QString feature() const override { return QStringLiteral("ssh"); }
    FeatureOutput generate(const GeneratorContext &context) const override;
};

} // namespace Labforge
