// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "FeatureRegistry.h"

#include <QtGlobal>

namespace Labforge {

FeatureRegistry &FeatureRegistry::storage()
{
    static FeatureRegistry registry;
    return registry;
}

const FeatureRegistry &FeatureRegistry::instance()
{
    const FeatureRegistry &registry = storage();
    if (registry.m_features.empty())
        qFatal("labforge: no recipe features installed (call FeatureModules::install() before reading labs)");
    return registry;
}

void FeatureRegistry::install(std::vector<const FeatureDefinition *> features)
{
    storage().m_features = std::move(features);
}

const FeatureDefinition *FeatureRegistry::feature(const QString &name) const
{
    for (const FeatureDefinition *f : m_features) {
        if (f->name() == name)
            return f;
    }
    return nullptr;
}

const FeatureDefinition *FeatureRegistry::owningService(const QString &service) const
{
    for (const FeatureDefinition *f : m_features) {
        if (f->info().requiredServices.contains(service))
            return f;
    }
    return nullptr;
}

} // namespace Labforge
