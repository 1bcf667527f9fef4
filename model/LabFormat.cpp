#include "LabFormat.h"

namespace Labforge {

namespace {
QStringList list(std::initializer_list<const char *> keys)
{
    QStringList out;
    for (const char *k : keys)
        out.append(QString::fromLatin1(k));
    return out;
}
} // namespace

QStringList LabFormat::keys(Object object)
{
    switch (object) {
    case Object::Lab:
        return list({"format", "name", "description", "networks", "nodes", "links", "plan", "scenarios", "warnings"});
    case Object::Network:
        return list({"name", "cidr", "gateway", "dns_servers", "is_default_route"});
    case Object::Node:
        return list({"node_id", "kind", "role", "position", "interfaces", "disks", "recipe"});
    case Object::Position:
        return list({"x", "y"});
    case Object::Interface:
        return list({"network", "ip"});
    case Object::Disk:
        return list({"id", "kind", "size_gb", "bus", "serial"});
    case Object::Recipe:
        return list({"base_image", "hardware", "features", "packages", "users", "services"});
    case Object::Hardware:
        return list({"min_memory_gb", "min_cpu"});
    case Object::User:
        return list({"name", "sudo", "ssh"});
    case Object::Service:
        return list({"name", "enabled", "config"});
    case Object::Link:
        return list({"from", "to"});
    case Object::Plan:
        return list({"kubernetes"});
    case Object::Kubernetes:
        return list({"mode", "version", "controller", "workers", "pod_cidr", "service_cidr", "cni",
                     "bootstrap_token_ttl_seconds"});
    case Object::Scenario:
        return list({"name", "description", "enabled", "gating", "steps"});
    case Object::Step:
        return list({"id", "description", "node", "assertion"});
    case Object::Assertion:
        return list({"type", "params"});
    case Object::Params:
        return list({"command", "timeout_seconds", "interval_seconds", "expect"});
    case Object::Expect:
        return list({"equals", "contains", "matches", "integer", "line_count"});
    case Object::Integer:
        return list({"op", "value"});
    case Object::Warning:
        return list({"id", "text"});
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
    }
    return {};
}

QList<LabFormat::Object> LabFormat::objects()
{
    QList<Object> all;
    for (int i = int(Object::Lab); i <= int(Object::Warning); ++i)
        all.append(Object(i));
    return all;
}

} // namespace Labforge
