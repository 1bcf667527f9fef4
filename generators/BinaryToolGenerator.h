// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "FeatureGenerator.h"

namespace Labforge {

// A feature that installs one pinned upstream CLI from an archive into
// /usr/local/bin (helm, terraform): the archive is checksum-verified by the runner.
class BinaryToolGenerator : public FeatureGenerator
{
public:
    BinaryToolGenerator(QString feature, QString component, QString artifact, PinnedArtifact::Unpack unpack,
                        QString member);
    QString feature() const override { return m_feature; }
    FeatureOutput generate(const GeneratorContext &context) const override;

private:
    QString m_feature;
    QString m_component;
    QString m_artifact;
    PinnedArtifact::Unpack m_unpack;
    QString m_member;
};

} // namespace Labforge
