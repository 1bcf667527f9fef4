#pragma once

#include "FeatureDefinition.h"

#include <memory>
#include <vector>

namespace Labforge {

// Every recipe feature labforge knows, one entry each (registered in FeatureRegistry.cpp).
// The catalog, the validator and the designer read features from here only.
class FeatureRegistry
{
public:
    static const FeatureRegistry &instance();

    const std::vector<std::unique_ptr<FeatureDefinition>> &all() const { return m_features; }
    const FeatureDefinition *feature(const QString &name) const;
    // The feature whose node must declare `service` (FeatureInfo::requiredServices).
    const FeatureDefinition *owningService(const QString &service) const;

private:
    FeatureRegistry();
    std::vector<std::unique_ptr<FeatureDefinition>> m_features;
};

} // namespace Labforge
