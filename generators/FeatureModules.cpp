// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "FeatureModules.h"

#include "BaseGenerator.h"
#include "BinaryToolGenerator.h"
#include "ChronyFeature.h"
#include "ChronyGenerator.h"
#include "DirectoryFeature.h"
#include "DirectoryGenerator.h"
#include "ContainerdFeature.h"
#include "ContainerdGenerator.h"
#include "FeatureRegistry.h"
#include "HaproxyFeature.h"
#include "HaproxyGenerator.h"
#include "HeadlessFeature.h"
#include "HeadlessGenerator.h"
#include "HelmFeature.h"
#include "HpcNfsFeature.h"
#include "HpcNfsGenerator.h"
#include "HpccFeature.h"
#include "HpccGenerator.h"
#include "KubeadmLabFeature.h"
#include "KubeadmLabGenerator.h"
#include "MungeFeature.h"
#include "MungeGenerator.h"
#include "NginxFeature.h"
#include "NginxGenerator.h"
#include "NodeExporterFeature.h"
#include "NodeExporterGenerator.h"
#include "OpenmpiFeature.h"
#include "OpenmpiGenerator.h"
#include "PostgresqlFeature.h"
#include "PostgresqlGenerator.h"
#include "PrometheusFeature.h"
#include "PrometheusGenerator.h"
#include "SlinkySlurmFeature.h"
#include "SlinkySlurmGenerator.h"
#include "SlurmNativeFeature.h"
#include "SlurmNativeGenerator.h"
#include "SshFeature.h"
#include "SshGenerator.h"
#include "TerraformFeature.h"

namespace Labforge {

FeatureModules::FeatureModules()
    : m_base(std::make_unique<BaseGenerator>())
{
    // The order is the catalog's and the bundle's: keep it stable.
    add(std::make_unique<HeadlessFeature>(), std::make_unique<HeadlessGenerator>());
    add(std::make_unique<SshFeature>(), std::make_unique<SshGenerator>());
    add(std::make_unique<KubeadmLabFeature>(), std::make_unique<KubeadmLabGenerator>());
    add(std::make_unique<SlinkySlurmFeature>(), std::make_unique<SlinkySlurmGenerator>());
    add(std::make_unique<HelmFeature>(), HelmFeature::makeGenerator());
    add(std::make_unique<TerraformFeature>(), TerraformFeature::makeGenerator());
    add(std::make_unique<HpcNfsFeature>(), std::make_unique<HpcNfsGenerator>());
    add(std::make_unique<NginxFeature>(), std::make_unique<NginxGenerator>());
    add(std::make_unique<HaproxyFeature>(), std::make_unique<HaproxyGenerator>());
    add(std::make_unique<PostgresqlFeature>(), std::make_unique<PostgresqlGenerator>());
    add(std::make_unique<MungeFeature>(), std::make_unique<MungeGenerator>());
    add(std::make_unique<SlurmNativeFeature>(), std::make_unique<SlurmNativeGenerator>());
    add(std::make_unique<PrometheusFeature>(), std::make_unique<PrometheusGenerator>());
    add(std::make_unique<NodeExporterFeature>(), std::make_unique<NodeExporterGenerator>());
    add(std::make_unique<ContainerdFeature>(), std::make_unique<ContainerdGenerator>());
    add(std::make_unique<ChronyFeature>(), std::make_unique<ChronyGenerator>());
    add(std::make_unique<DirectoryFeature>(), std::make_unique<DirectoryGenerator>());
    add(std::make_unique<OpenmpiFeature>(), std::make_unique<OpenmpiGenerator>());
    add(std::make_unique<HpccFeature>(), std::make_unique<HpccGenerator>());
}

void FeatureModules::add(std::unique_ptr<FeatureDefinition> definition, std::unique_ptr<FeatureGenerator> generator)
{
    // A module whose two halves disagree is a programming error, caught on the first run
    // of any test.
    if (!definition || !generator || definition->name() != generator->feature())
        qFatal("labforge: feature module %s pairs a definition with another feature's generator",
               qPrintable(definition ? definition->name() : QStringLiteral("(none)")));
    m_modules.push_back(FeatureModule {std::move(definition), std::move(generator)});
}

const FeatureModules &FeatureModules::instance()
{
    static const FeatureModules modules;
    return modules;
}

void FeatureModules::install()
{
    std::vector<const FeatureDefinition *> definitions;
    for (const FeatureModule &m : instance().m_modules)
        definitions.push_back(m.definition.get());
    FeatureRegistry::install(std::move(definitions));
}

const FeatureGenerator *FeatureModules::generator(const QString &feature) const
{
    for (const FeatureModule &m : m_modules) {
        if (m.generator->feature() == feature)
            return m.generator.get();
    }
    return nullptr;
}

QStringList FeatureModules::features() const
{
    QStringList out;
    for (const FeatureModule &m : m_modules)
        out.append(m.generator->feature());
    return out;
}

} // namespace Labforge
