// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "BundleGenerator.h"

#include "Catalog.h"
#include "FeatureModules.h"
#include "Lab.h"
#include "LabWriter.h"
#include "StepVariables.h"

#include <QJsonArray>
#include <QSet>
#include <algorithm>

namespace Labforge {

Bundle::NodeImage BundleGenerator::generateNode(const Lab &lab, const Node &node, const PinsLock &pins,
                                                QStringList *errors)
{
    Bundle::NodeImage image {node.id, Catalog::debianSuite(node.recipe.baseImage), {}};
    const GeneratorContext context {lab, node, pins};
    const FeatureModules &registry = FeatureModules::instance();
    QList<std::pair<QString, FeatureOutput>> parts {{QStringLiteral("base"), registry.base().generate(context)}};
    for (const QString &feature : node.recipe.features) {
        const FeatureGenerator *g = registry.generator(feature);
        if (!g) {
            errors->append(QStringLiteral("node %1: no generator for feature \"%2\"").arg(node.id, feature));
            continue;
        }
        parts.append({feature, g->generate(context)});
    }
    QHash<QString, QString> owner; // path -> feature that first wrote it
    for (auto &[feature, part] : parts) {
        for (const QString &e : std::as_const(part.errors))
            errors->append(QStringLiteral("node %1: %2: %3").arg(node.id, feature, e));
        QList<GeneratedFile> kept;
        for (const GeneratedFile &f : std::as_const(part.files)) {
            const auto it = owner.constFind(f.path);
            if (it == owner.constEnd()) {
                owner.insert(f.path, feature);
                kept.append(f);
                continue;
            }
            const auto same = std::find_if(image.output.files.begin(), image.output.files.end(),
                                           [&](const GeneratedFile &g) { return g.path == f.path; });
            if (same != image.output.files.end() && !(*same == f))
                errors->append(QStringLiteral("node %1: features %2 and %3 both write %4 differently")
                                   .arg(node.id, *it, feature, f.path));
        }
        part.files = kept;
        part.errors.clear();
        image.output.append(part);
    }
    for (const QString &package : node.recipe.packages) {
        if (!image.output.packages.contains(package))
            image.output.packages.append(package);
    }
    std::sort(image.output.files.begin(), image.output.files.end(),
              [](const GeneratedFile &a, const GeneratedFile &b) { return a.path < b.path; });
    return image;
}

QJsonObject BundleGenerator::plan(const Lab &lab, const PinsLock &pins)
{
    const QJsonObject labJson = LabWriter::toJson(lab);
    int memory = 0, vcpus = 0, dataDisks = 0, dataGb = 0;
    QJsonArray nodes;
    for (const Node &n : lab.nodes) {
        memory += n.recipe.minMemoryGb;
        vcpus += n.recipe.minCpu;
        QJsonArray disks;
        for (const Disk &d : n.disks) {
            ++dataDisks;
            dataGb += d.sizeGb;
            disks.append(QJsonObject {{QStringLiteral("id"), d.id},
                                      {QStringLiteral("size_gb"), d.sizeGb},
                                      {QStringLiteral("bus"), d.bus},
                                      {QStringLiteral("serial"), d.serial}});
        }
        QJsonArray interfaces;
        for (const NodeInterface &i : n.interfaces)
            interfaces.append(QJsonObject {{QStringLiteral("network"), i.network}, {QStringLiteral("ip"), i.ip}});
        nodes.append(QJsonObject {{QStringLiteral("node_id"), n.id},
                                  {QStringLiteral("kind"), n.kind},
                                  {QStringLiteral("role"), n.role},
                                  {QStringLiteral("base_image"), n.recipe.baseImage},
                                  {QStringLiteral("interfaces"), interfaces},
                                  {QStringLiteral("hardware"),
                                   QJsonObject {{QStringLiteral("min_memory_gb"), n.recipe.minMemoryGb},
                                                {QStringLiteral("min_cpu"), n.recipe.minCpu}}},
                                  {QStringLiteral("features"), QJsonArray::fromStringList(n.recipe.features)},
                                  {QStringLiteral("disks"), disks}});
    }
    // What runs, not where the canvas draws it: networks without their position.
    QJsonArray networks;
    for (const auto &n : labJson.value(QStringLiteral("networks")).toArray()) {
        QJsonObject o = n.toObject();
        o.remove(QStringLiteral("position"));
        networks.append(o);
    }
    QJsonArray warnings;
    for (const LabWarning &w : lab.warnings)
        warnings.append(QJsonObject {{QStringLiteral("id"), w.id}, {QStringLiteral("text"), w.text}});
    QJsonArray scenarios;
    for (const Scenario &s : lab.scenarios)
        scenarios.append(QJsonObject {{QStringLiteral("name"), s.name},
                                      {QStringLiteral("enabled"), s.enabled},
                                      {QStringLiteral("gating"), s.gating},
                                      {QStringLiteral("steps"), int(s.steps.size())}});
    // The pinned versions this lab uses: what its images fetch, plus what its services run.
    QSet<QString> used;
    for (const Node &n : lab.nodes) {
        for (const QString &feature : n.recipe.features) {
            if (const FeatureInfo *info = Catalog::feature(feature))
                used.unite(QSet<QString>(info->pinnedComponents.begin(), info->pinnedComponents.end()));
        }
    }
    QJsonObject pinned;
    for (const QString &component : std::as_const(used))
        pinned.insert(component, pins.version(component));
    QJsonObject plan {{QStringLiteral("format"), QStringLiteral("labforge/plan@1")},
                      {QStringLiteral("name"), lab.name},
                      {QStringLiteral("networks"), networks},
                      {QStringLiteral("nodes"), nodes},
                      {QStringLiteral("scenarios"), scenarios},
                      {QStringLiteral("warnings"), warnings},
                      {QStringLiteral("pins"), pinned},
                      {QStringLiteral("totals"),
                       QJsonObject {{QStringLiteral("memory_gb"), memory},
                                    {QStringLiteral("vcpus"), vcpus},
                                    {QStringLiteral("system_disks"), int(lab.nodes.size())},
                                    {QStringLiteral("data_disks"), dataDisks},
                                    {QStringLiteral("data_disk_gb"), dataGb},
                                    {QStringLiteral("networks"), int(lab.networks.size())}}}};
    if (!lab.description.isEmpty())
        plan.insert(QStringLiteral("description"), lab.description);
    if (lab.kubernetes)
        plan.insert(QStringLiteral("kubernetes"), LabWriter::toJson(*lab.kubernetes));
    return plan;
}

Bundle BundleGenerator::generate(const Lab &lab, const PinsLock &pins)
{
    Bundle bundle;
    bundle.labName = lab.name;
    bundle.plan = plan(lab, pins);
    for (const Node &node : lab.nodes) {
        QJsonObject recipe = LabWriter::toJson(node);
        recipe.remove(QStringLiteral("position"));
        bundle.recipes.insert(node.id, recipe);
        bundle.nodes.append(generateNode(lab, node, pins, &bundle.errors));
    }
    // Scenarios as they run on this lab: topology variables ({{count:role=compute}}) expanded.
    for (Scenario s : lab.scenarios) {
        for (ScenarioStep &step : s.steps)
            step = StepVariables::expanded(step, lab);
        bundle.scenarios.insert(s.name, LabWriter::toJson(s));
    }
    return bundle;
}

} // namespace Labforge
