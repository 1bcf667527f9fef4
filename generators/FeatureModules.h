// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "FeatureModule.h"

#include <vector>

namespace Labforge {

// The one list of recipe features (FeatureModules.cpp): a new feature is a folder under
// generators/features/ with its definition, its generator and its templates, plus one
// line there. The model reads the definitions through FeatureRegistry, which install()
// fills; the bundle asks here for the generators.
class FeatureModules
{
public:
    static const FeatureModules &instance();
    // Hands every definition to the model's FeatureRegistry. The composition roots call
    // it once before any lab is read: app/main.cpp, each test's initMain, the benchmarks
    // and the fuzzer.
    static void install();

    const std::vector<FeatureModule> &all() const { return m_modules; }
    const FeatureGenerator *generator(const QString &feature) const;
    // What every node gets whatever its features (users, hostname, network, seed hook).
    const FeatureGenerator &base() const { return *m_base; }
    QStringList features() const;

private:
    FeatureModules();
    void add(std::unique_ptr<FeatureDefinition> definition, std::unique_ptr<FeatureGenerator> generator);
    std::unique_ptr<FeatureGenerator> m_base;
    std::vector<FeatureModule> m_modules;
};

} // namespace Labforge
