// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "FeatureDefinition.h"

namespace Labforge {

FeatureDefinition::FeatureDefinition(FeatureInfo info)
    : m_info(std::move(info))
{ }

FeatureDefinition::~FeatureDefinition() = default;

void FeatureDefinition::checkServiceConfig(const ServiceInput &, ProblemSink &) const { }

QJsonObject FeatureDefinition::suggestedConfig(const QString &, const Lab &, const Node &,
                                               const ValidationContext &) const
{
    return {};
}

QList<Disk> FeatureDefinition::suggestedDisks(const Lab &, const Node &) const
{
    return {};
}

void FeatureDefinition::renameNodeInConfig(QJsonObject &, const QString &, const QString &) const { }

void FeatureDefinition::renumberNetworkInConfig(QJsonObject &, const QString &, const QString &) const { }

void FeatureDefinition::removeNodeFromConfig(QJsonObject &, const QString &) const { }

void FeatureDefinition::readdressNodeInConfig(QJsonObject &, const Node &, const QString &, const QString &) const { }

} // namespace Labforge
