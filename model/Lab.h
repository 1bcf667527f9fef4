#pragma once

#include "KubernetesIntent.h"
#include "LabWarning.h"
#include "Link.h"
#include "Network.h"
#include "Node.h"
#include "Scenario.h"

#include <optional>

namespace Labforge {

// The whole lab: the single source of truth that the canvas, the CLI, the
// generators and the runner all read.
struct Lab
{
    static constexpr int FormatVersion = 1;
    static QString formatString(int version = FormatVersion);

    QString name;
    QString description;
    QList<Network> networks;
    QList<Node> nodes;
    QList<Link> links;
    std::optional<KubernetesIntent> kubernetes; // plan.kubernetes
    QList<Scenario> scenarios;
    QList<LabWarning> warnings;

    int nodeIndex(const QString &id) const;
    const Node *node(const QString &id) const;
    Node *node(const QString &id);
    const Network *network(const QString &name) const;
    const Scenario *scenario(const QString &name) const;
    bool hasFeature(const QString &feature) const;
    // Why `id` cannot become the id of node `current` (empty when it can): not a host name,
    // or another node's id. The designer refuses such an edit before it reaches the lab.
    QString nodeIdProblem(const QString &id, const QString &current) const;
    static bool isHostName(const QString &id);

    bool operator==(const Lab &) const = default;
};

} // namespace Labforge
