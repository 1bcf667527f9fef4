// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "BinaryToolGenerator.h"

namespace Labforge {

BinaryToolGenerator::BinaryToolGenerator(QString feature, QString component, QString artifact,
                                         PinnedArtifact::Unpack unpack, QString member)
    : m_feature(std::move(feature))
    , m_component(std::move(component))
    , m_artifact(std::move(artifact))
    , m_unpack(unpack)
    , m_member(std::move(member))
{ }

FeatureOutput BinaryToolGenerator::generate(const GeneratorContext &c) const
{
    FeatureOutput out;
    PinnedArtifact a = c.pins.artifact(m_component, m_artifact, &out.errors);
    a.unpack = m_unpack;
    a.member = m_member;
    a.destination = QStringLiteral("/usr/local/bin/") + m_feature;
    a.mode = 0755;
    out.artifacts.append(a);
    return out;
}

} // namespace Labforge
