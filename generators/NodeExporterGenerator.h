#pragma once

#include "FeatureGenerator.h"

namespace Labforge {

// Prometheus node exporter at the pinned Debian version, on every node that has the feature;
// the lab's prometheus feature scrapes it.
class NodeExporterGenerator : public FeatureGenerator
{
public:
    QString feature() const override { return QStringLiteral("node-exporter"); }
    FeatureOutput generate(const GeneratorContext &context) const override;

    static int port() { return 9100; }
};

} // namespace Labforge
