// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "LabWriter.h"
#include "StepVariables.h"

#include "CanonicalJson.h"
#include "assertions/AssertionTypeRegistry.h"

#include <QJsonArray>
#include <QSaveFile>

namespace Labforge {

namespace {

template<typename T, typename Fn>
QJsonArray arrayOf(const QList<T> &items, Fn fn)
{
    QJsonArray array;
    for (const T &item : items)
        array.append(fn(item));
    return array;
}

QJsonObject position(QPointF p)
{
    return QJsonObject {{QStringLiteral("x"), p.x()}, {QStringLiteral("y"), p.y()}};
}

QJsonObject toJson(const Network &n)
{
    QJsonObject o {{QStringLiteral("name"), n.name},
                   {QStringLiteral("cidr"), n.cidr},
                   {QStringLiteral("dns_servers"), QJsonArray::fromStringList(n.dnsServers)},
                   {QStringLiteral("is_default_route"), n.isDefaultRoute}};
    if (!n.gateway.isEmpty())
        o.insert(QStringLiteral("gateway"), n.gateway);
    if (n.position)
        o.insert(QStringLiteral("position"), position(*n.position));
    return o;
}

QJsonObject toJson(const Disk &d)
{
    return QJsonObject {{QStringLiteral("id"), d.id},
                        {QStringLiteral("kind"), d.kind},
                        {QStringLiteral("size_gb"), d.sizeGb},
                        {QStringLiteral("bus"), d.bus},
                        {QStringLiteral("serial"), d.serial}};
}

QJsonObject toJson(const Recipe &r)
{
    QJsonObject o {
        {QStringLiteral("base_image"), r.baseImage},
        {QStringLiteral("hardware"),
         QJsonObject {{QStringLiteral("min_memory_gb"), r.minMemoryGb}, {QStringLiteral("min_cpu"), r.minCpu}}},
        {QStringLiteral("features"), QJsonArray::fromStringList(r.features)},
        {QStringLiteral("packages"), QJsonArray::fromStringList(r.packages)}};
    o.insert(QStringLiteral("users"), arrayOf(r.users, [](const User &u) {
                 return QJsonObject {{QStringLiteral("name"), u.name},
                                     {QStringLiteral("sudo"), u.sudo},
                                     {QStringLiteral("ssh"), u.ssh}};
             }));
    o.insert(QStringLiteral("services"), arrayOf(r.services, [](const Service &s) {
                 return QJsonObject {{QStringLiteral("name"), s.name},
                                     {QStringLiteral("enabled"), s.enabled},
                                     {QStringLiteral("config"), s.config}};
             }));
    return o;
}

QJsonObject toJson(const Expectation &e)
{
    QJsonObject o;
    if (e.equals)
        o.insert(QStringLiteral("equals"), *e.equals);
    if (e.contains)
        o.insert(QStringLiteral("contains"), *e.contains);
    if (e.matches)
        o.insert(QStringLiteral("matches"), *e.matches);
    if (e.integerOp) {
        o.insert(QStringLiteral("integer"),
                 QJsonObject {{QStringLiteral("op"), *e.integerOp},
                              {QStringLiteral("value"), double(e.integerValue.value_or(0))}});
    }
    if (e.lineCount)
        o.insert(QStringLiteral("line_count"), *e.lineCount);
    return o;
}

QJsonObject toJson(const ScenarioStep &s)
{
    const AssertionType &type = AssertionTypeRegistry::of(s.assertion.type);
    QJsonObject params;
    type.write(s.assertion, params);
    if (s.assertion.timeoutSeconds)
        params.insert(QStringLiteral("timeout_seconds"), *s.assertion.timeoutSeconds);
    if (s.assertion.intervalSeconds)
        params.insert(QStringLiteral("interval_seconds"), *s.assertion.intervalSeconds);
    if (!s.assertion.expect.isEmpty() || type.usesExpectation())
        params.insert(QStringLiteral("expect"), toJson(s.assertion.expect));
    QJsonObject o {{QStringLiteral("id"), s.id},
                   {QStringLiteral("node"), s.node},
                   {QStringLiteral("assertion"),
                    QJsonObject {{QStringLiteral("type"), type.name()}, {QStringLiteral("params"), params}}}};
    if (!s.description.isEmpty())
        o.insert(QStringLiteral("description"), s.description);
    return o;
}

} // namespace

QJsonObject LabWriter::toJson(const Node &n)
{
    QJsonObject o {
        {QStringLiteral("node_id"), n.id},
        {QStringLiteral("kind"), n.kind},
        {QStringLiteral("role"), n.role},
        {QStringLiteral("position"), position(n.position)},
        {QStringLiteral("interfaces"),
         arrayOf(n.interfaces,
                 [](const NodeInterface &i) {
                     return QJsonObject {{QStringLiteral("network"), i.network}, {QStringLiteral("ip"), i.ip}};
                 })},
        {QStringLiteral("disks"), arrayOf(n.disks, [](const Disk &d) { return Labforge::toJson(d); })},
        {QStringLiteral("recipe"), Labforge::toJson(n.recipe)}};
    if (!n.placementHost.isEmpty())
        o.insert(QStringLiteral("placement"), QJsonObject {{QStringLiteral("host"), n.placementHost}});
    return o;
}

QJsonObject LabWriter::toJson(const Scenario &s)
{
    QJsonObject o {
        {QStringLiteral("name"), s.name},
        {QStringLiteral("enabled"), s.enabled},
        {QStringLiteral("gating"), s.gating},
        {QStringLiteral("steps"), arrayOf(s.steps, [](const ScenarioStep &step) { return Labforge::toJson(step); })}};
    if (!s.description.isEmpty())
        o.insert(QStringLiteral("description"), s.description);
    return o;
}

QJsonObject LabWriter::toJson(const KubernetesIntent &k)
{
    QJsonObject o {{QStringLiteral("mode"), k.mode},
                   {QStringLiteral("version"), k.version},
                   {QStringLiteral("controller"), k.controller},
                   {QStringLiteral("workers"), QJsonArray::fromStringList(k.workers)},
                   {QStringLiteral("pod_cidr"), k.podCidr},
                   {QStringLiteral("service_cidr"), k.serviceCidr},
                   {QStringLiteral("cni"), k.cni},
                   {QStringLiteral("bootstrap_token_ttl_seconds"), k.bootstrapTokenTtlSeconds}};
    if (!k.registryMirrors.isEmpty())
        o.insert(
            QStringLiteral("registry_mirrors"), arrayOf(k.registryMirrors, [](const RegistryMirror &m) {
                return QJsonObject {{QStringLiteral("registry"), m.registry}, {QStringLiteral("endpoint"), m.endpoint}};
            }));
    return o;
}

QJsonObject LabWriter::toJson(const Lab &written)
{
    Lab lab = written;
    StepVariables::forgetSettled(lab);
    QJsonObject o {
        {QStringLiteral("format"), Lab::formatString(lab.formatNeeded())},
        {QStringLiteral("name"), lab.name},
        {QStringLiteral("networks"), arrayOf(lab.networks, [](const Network &n) { return Labforge::toJson(n); })},
        {QStringLiteral("nodes"), arrayOf(lab.nodes, [](const Node &n) { return LabWriter::toJson(n); })},
        {QStringLiteral("scenarios"), arrayOf(lab.scenarios, [](const Scenario &s) { return LabWriter::toJson(s); })},
        {QStringLiteral("warnings"), arrayOf(lab.warnings, [](const LabWarning &w) {
             return QJsonObject {{QStringLiteral("id"), w.id}, {QStringLiteral("text"), w.text}};
         })}};
    if (!lab.description.isEmpty())
        o.insert(QStringLiteral("description"), lab.description);
    if (!lab.hosts.isEmpty())
        o.insert(QStringLiteral("hosts"), arrayOf(lab.hosts, [](const LabHost &h) {
                     QJsonObject host {{QStringLiteral("name"), h.name},
                                       {QStringLiteral("uri"), h.uri},
                                       {QStringLiteral("tunnel_port"), h.tunnelPort},
                                       {QStringLiteral("fabric"), h.fabric}};
                     if (!h.tunnelAddress.isEmpty())
                         host.insert(QStringLiteral("tunnel_address"), h.tunnelAddress);
                     QJsonObject limits;
                     if (h.maxMemoryGb)
                         limits.insert(QStringLiteral("memory_gb"), h.maxMemoryGb);
                     if (h.maxVcpus)
                         limits.insert(QStringLiteral("vcpus"), h.maxVcpus);
                     if (!limits.isEmpty())
                         host.insert(QStringLiteral("limits"), limits);
                     return host;
                 }));
    if (!lab.links.isEmpty())
        o.insert(QStringLiteral("links"), arrayOf(lab.links, [](const Link &l) {
                     QJsonObject link {{QStringLiteral("from"), l.from},
                                       {QStringLiteral("to"), l.to},
                                       {QStringLiteral("network"), l.network}};
                     if (!l.label.isEmpty())
                         link.insert(QStringLiteral("label"), l.label);
                     return link;
                 }));
    if (lab.kubernetes)
        o.insert(QStringLiteral("plan"), QJsonObject {{QStringLiteral("kubernetes"), toJson(*lab.kubernetes)}});
    QJsonObject designer;
    if (!lab.formerNodeIds.isEmpty())
        designer.insert(QStringLiteral("former_node_ids"), QJsonArray::fromStringList(lab.formerNodeIds));
    QJsonArray counts;
    for (auto it = lab.formerCounts.cbegin(); it != lab.formerCounts.cend(); ++it)
        counts.append(QJsonObject {{QStringLiteral("selector"), it.key()}, {QStringLiteral("count"), it.value()}});
    if (!counts.isEmpty())
        designer.insert(QStringLiteral("former_counts"), counts);
    QJsonArray renames;
    for (auto it = lab.renamedNodeIds.cbegin(); it != lab.renamedNodeIds.cend(); ++it)
        renames.append(QJsonObject {{QStringLiteral("from"), it.key()}, {QStringLiteral("to"), it.value()}});
    if (!renames.isEmpty())
        designer.insert(QStringLiteral("renamed_node_ids"), renames);
    if (!designer.isEmpty())
        o.insert(QStringLiteral("designer"), designer);
    return o;
}

QByteArray LabWriter::toBytes(const Lab &lab)
{
    return CanonicalJson::write(toJson(lab));
}

bool LabWriter::save(const Lab &lab, const QString &path, QString *error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = QStringLiteral("%1: cannot write: %2").arg(path, file.errorString());
        return false;
    }
    file.write(toBytes(lab));
    if (!file.commit()) {
        if (error)
            *error =
                QStringLiteral("%1: save failed, the previous file is unchanged: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

} // namespace Labforge
