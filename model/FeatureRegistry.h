// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "FeatureDefinition.h"

#include <vector>

namespace Labforge {

// The recipe features the model knows. The model does not own them: each feature is a
// folder under generators/features/ that pairs its definition (catalog entry, config
// rules, suggested configs, pinned components) with its generator, and the one list of
// them (generators/FeatureModules.cpp) installs the definitions here before any lab is
// read (app/main.cpp, and every test's initMain). The catalog, the validator and the
// designer read features from here only.
class FeatureRegistry
{
public:
    // Fails loudly (qFatal) when nothing was installed: a program that validates labs
    // without its features would call every feature unknown.
    static const FeatureRegistry &instance();
    // Makes `features` the registry's content; they must outlive every use (the module
    // list is static). Installing again replaces the list.
    static void install(std::vector<const FeatureDefinition *> features);

    const std::vector<const FeatureDefinition *> &all() const { return m_features; }
    const FeatureDefinition *feature(const QString &name) const;
    // The feature whose node must declare `service` (FeatureInfo::requiredServices).
    const FeatureDefinition *owningService(const QString &service) const;

private:
    FeatureRegistry() = default;
    static FeatureRegistry &storage();
    std::vector<const FeatureDefinition *> m_features;
};

} // namespace Labforge
