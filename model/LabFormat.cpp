// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "LabFormat.h"
#include "Latin1List.h"

namespace Labforge {

QStringList LabFormat::keys(Object object, int version)
{
    switch (object) {
    case Object::Lab:
        if (version == 1)
            return Latin1List::of(
                {"format", "name", "description", "networks", "nodes", "links", "plan", "scenarios", "warnings"});
        if (version == 2)
            return Latin1List::of(
                {"format", "name", "description", "networks", "nodes", "plan", "scenarios", "warnings"});
        if (version == 3)
            return Latin1List::of(
                {"format", "name", "description", "hosts", "networks", "nodes", "plan", "scenarios", "warnings"});
        return Latin1List::of({"format", "name", "description", "hosts", "networks", "nodes", "links", "plan",
                               "scenarios", "warnings", "designer"});
    case Object::Network:
        if (version == 1)
            return Latin1List::of({"name", "cidr", "gateway", "dns_servers", "is_default_route"});
        return Latin1List::of({"name", "cidr", "gateway", "dns_servers", "is_default_route", "position"});
    case Object::Node:
        if (version < 3)
            return Latin1List::of({"node_id", "kind", "role", "position", "interfaces", "disks", "recipe"});
        return Latin1List::of({"node_id", "kind", "role", "position", "interfaces", "disks", "recipe", "placement"});
    case Object::Position:
        return Latin1List::of({"x", "y"});
    case Object::Interface:
        return Latin1List::of({"network", "ip"});
    case Object::Disk:
        return Latin1List::of({"id", "kind", "size_gb", "bus", "serial"});
    case Object::Recipe:
        return Latin1List::of({"base_image", "hardware", "features", "packages", "users", "services"});
    case Object::Hardware:
        return Latin1List::of({"min_memory_gb", "min_cpu"});
    case Object::User:
        return Latin1List::of({"name", "sudo", "ssh"});
    case Object::Service:
        return Latin1List::of({"name", "enabled", "config"});
    case Object::Link:
        if (version == 1)
            return Latin1List::of({"from", "to"});
        return version >= 4 ? Latin1List::of({"from", "to", "network", "label"}) : QStringList();
    case Object::Plan:
        return Latin1List::of({"kubernetes"});
    case Object::Kubernetes:
        return Latin1List::of({"mode", "version", "controller", "workers", "pod_cidr", "service_cidr", "cni",
                               "bootstrap_token_ttl_seconds", "registry_mirrors"});
    case Object::RegistryMirror:
        return Latin1List::of({"registry", "endpoint"});
    case Object::Scenario:
        return Latin1List::of({"name", "description", "enabled", "gating", "steps"});
    case Object::Step:
        return Latin1List::of({"id", "description", "node", "assertion"});
    case Object::Assertion:
        return Latin1List::of({"type", "params"});
    case Object::Params:
        return Latin1List::of({"command", "peer", "network", "delay_ms", "jitter_ms", "loss_percent", "rate_mbit",
                               "timeout_seconds", "interval_seconds", "expect"});
    case Object::Expect:
        return Latin1List::of({"equals", "contains", "matches", "integer", "line_count"});
    case Object::Integer:
        return Latin1List::of({"op", "value"});
    case Object::Warning:
        return Latin1List::of({"id", "text"});
    case Object::Host:
        return Latin1List::of({"name", "uri", "tunnel_address", "tunnel_port", "fabric", "limits"});
    case Object::HostLimits:
        return Latin1List::of({"memory_gb", "vcpus"});
    case Object::Placement:
        return Latin1List::of({"host"});
    case Object::Designer:
        return Latin1List::of({"former_node_ids", "former_counts", "renamed_node_ids"});
    case Object::FormerCount:
        return Latin1List::of({"selector", "count"});
    case Object::NodeRename:
        return Latin1List::of({"from", "to"});
    }
    return {};
}

QString LabFormat::schemaName(Object object)
{
    switch (object) {
    case Object::Lab:
        return QStringLiteral("lab");
    case Object::Network:
        return QStringLiteral("network");
    case Object::Node:
        return QStringLiteral("node");
    case Object::Position:
        return QStringLiteral("position");
    case Object::Interface:
        return QStringLiteral("interface");
    case Object::Disk:
        return QStringLiteral("disk");
    case Object::Recipe:
        return QStringLiteral("recipe");
    case Object::Hardware:
        return QStringLiteral("hardware");
    case Object::User:
        return QStringLiteral("user");
    case Object::Service:
        return QStringLiteral("service");
    case Object::Link:
        return QStringLiteral("link");
    case Object::Plan:
        return QStringLiteral("plan");
    case Object::Kubernetes:
        return QStringLiteral("kubernetes");
    case Object::RegistryMirror:
        return QStringLiteral("registryMirror");
    case Object::Scenario:
        return QStringLiteral("scenario");
    case Object::Step:
        return QStringLiteral("step");
    case Object::Assertion:
        return QStringLiteral("assertion");
    case Object::Params:
        return QStringLiteral("params");
    case Object::Expect:
        return QStringLiteral("expect");
    case Object::Integer:
        return QStringLiteral("integer");
    case Object::Warning:
        return QStringLiteral("warning");
    case Object::Host:
        return QStringLiteral("host");
    case Object::HostLimits:
        return QStringLiteral("hostLimits");
    case Object::Placement:
        return QStringLiteral("placement");
    case Object::Designer:
        return QStringLiteral("designer");
    case Object::FormerCount:
        return QStringLiteral("formerCount");
    case Object::NodeRename:
        return QStringLiteral("nodeRename");
    }
    return {};
}

QList<LabFormat::Object> LabFormat::objects()
{
    QList<Object> all;
    for (int i = int(Object::Lab); i <= int(Object::NodeRename); ++i)
        all.append(Object(i));
    return all;
}

} // namespace Labforge
