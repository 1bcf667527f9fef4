#pragma once

#include "FeatureGenerator.h"

#include <memory>
#include <vector>

namespace Labforge {

// The generator of every feature the catalog knows, plus the node base.
class GeneratorRegistry
{
public:
    static const GeneratorRegistry &instance();
    const FeatureGenerator *generator(const QString &feature) const;
    const FeatureGenerator &base() const { return *m_base; }
    QStringList features() const;

private:
    GeneratorRegistry();
    std::unique_ptr<FeatureGenerator> m_base;
    std::vector<std::unique_ptr<FeatureGenerator>> m_generators;
};

} // namespace Labforge
