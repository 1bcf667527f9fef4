#include "GeneratorRegistry.h"

#include "BaseGenerator.h"
#include "BinaryToolGenerator.h"
#include "HaproxyGenerator.h"
#include "HeadlessGenerator.h"
#include "HpcNfsGenerator.h"
#include "KubeadmLabGenerator.h"
#include "MungeGenerator.h"
#include "NginxGenerator.h"
#include "NodeExporterGenerator.h"
#include "PostgresqlGenerator.h"
#include "PrometheusGenerator.h"
#include "SlinkySlurmGenerator.h"
#include "SlurmNativeGenerator.h"
#include "SshGenerator.h"

namespace Labforge {

GeneratorRegistry::GeneratorRegistry()
    : m_base(std::make_unique<BaseGenerator>())
{
    m_generators.push_back(std::make_unique<HeadlessGenerator>());
    m_generators.push_back(std::make_unique<SshGenerator>());
    m_generators.push_back(std::make_unique<KubeadmLabGenerator>());
    m_generators.push_back(std::make_unique<SlinkySlurmGenerator>());
    m_generators.push_back(std::make_unique<BinaryToolGenerator>(QStringLiteral("helm"), QStringLiteral("helm"),
                                                                 QStringLiteral("helm"), PinnedArtifact::Unpack::TarGz,
                                                                 QStringLiteral("linux-amd64/helm")));
    m_generators.push_back(std::make_unique<BinaryToolGenerator>(
        QStringLiteral("terraform"), QStringLiteral("terraform"), QStringLiteral("terraform"),
        PinnedArtifact::Unpack::Zip, QStringLiteral("terraform")));
    m_generators.push_back(std::make_unique<HpcNfsGenerator>());
    m_generators.push_back(std::make_unique<NginxGenerator>());
    m_generators.push_back(std::make_unique<HaproxyGenerator>());
    m_generators.push_back(std::make_unique<PostgresqlGenerator>());
    m_generators.push_back(std::make_unique<MungeGenerator>());
    m_generators.push_back(std::make_unique<SlurmNativeGenerator>());
    m_generators.push_back(std::make_unique<PrometheusGenerator>());
    m_generators.push_back(std::make_unique<NodeExporterGenerator>());
}

const GeneratorRegistry &GeneratorRegistry::instance()
{
    static const GeneratorRegistry registry;
    return registry;
}

const FeatureGenerator *GeneratorRegistry::generator(const QString &feature) const
{
    for (const auto &g : m_generators) {
        if (g->feature() == feature)
            return g.get();
    }
    return nullptr;
}

QStringList GeneratorRegistry::features() const
{
    QStringList out;
    for (const auto &g : m_generators)
        out.append(g->feature());
    return out;
}

} // namespace Labforge
