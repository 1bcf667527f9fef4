#pragma once

#include "FeatureGenerator.h"

namespace Labforge {

// Prometheus node exporter at the pinned Debian version, with the systemd collector
// for the lab's own services, so Prometheus can tell where each one runs.
class NodeExporterGenerator : public FeatureGenerator
{
public:
    QString feature() const override { return QStringLiteral("node-exporter"); }
    FeatureOutput generate(const GeneratorContext &context) const override;

    static int port() { return 9100; }
};

} // namespace Labforge
