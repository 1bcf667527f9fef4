#include "ServiceRules.h"
#include "Latin1List.h"

#include "Catalog.h"
#include "Cidr.h"
#include "JsonObjectReader.h"
#include "Lab.h"
#include "ProblemSink.h"
#include "SafeName.h"
#include "ValidationContext.h"

#include <QSet>

namespace Labforge {

namespace {

const QString Slinky = QStringLiteral("openfactory-slinky-slurm");
const QString Nfs = QStringLiteral("openfactory-hpc-nfs");
const QString SlurmNative = QStringLiteral("openfactory-slurm-native");

// Reads a service config strictly; shape errors become service.config-invalid problems.
class ConfigCheck
{
public:
    ConfigCheck(const QJsonObject &config, const QString &pointer, const QStringList &allowed, const QString &nodeId,
                ProblemSink &sink)
        : m_reader(config, pointer, allowed, &m_errors)
        , m_nodeId(nodeId)
        , m_sink(sink)
    { }
    ~ConfigCheck()
    {
        for (const LoadError &e : std::as_const(m_errors))
            m_sink.error(QStringLiteral("service.config-invalid"), e.pointer,
                         QStringLiteral("node \"%1\": service config: %2").arg(m_nodeId, e.message), m_nodeId);
    }
    JsonObjectReader &reader() { return m_reader; }

private:
    LoadErrors m_errors;
    JsonObjectReader m_reader;
    QString m_nodeId;
    ProblemSink &m_sink;
};

void checkNodeRef(const Lab &lab, const QString &id, const QString &role, const QString &pointer, const QString &owner,
                  ProblemSink &sink)
{
    const Node *node = lab.node(id);
    if (!node)
        sink.error(QStringLiteral("service.node-unknown"), pointer,
                   QStringLiteral("node \"%1\": service config names node \"%2\", which does not exist").arg(owner, id),
                   owner);
    else if (node->role != role)
        sink.error(QStringLiteral("service.node-role"), pointer,
                   QStringLiteral("node \"%1\": service config names \"%2\" as %3, but its role is \"%4\"")
                       .arg(owner, id, role, node->role),
                   owner);
}

void checkVersion(const ValidationContext &context, const QString &component, const QString &value,
                  const QString &pointer, const QString &owner, ProblemSink &sink)
{
    const QString pinned = context.pinnedVersions.value(component);
    if (!pinned.isEmpty() && value != pinned)
        sink.error(QStringLiteral("service.version"), pointer,
                   QStringLiteral("node \"%1\": %2 version \"%3\" differs from the pinned %4")
                       .arg(owner, component, value, pinned),
                   owner);
}

void checkNfsServer(const Lab &lab, const Node &node, JsonObjectReader &r, ProblemSink &sink)
{
    const QString nfsServer = r.string(QStringLiteral("nfs_server"));
    if (!r.has(QStringLiteral("nfs_server")))
        return;
    bool found = false;
    for (const Node &n : lab.nodes) {
        if (n.recipe.hasFeature(QStringLiteral("hpc-nfs")) && n.ip() == nfsServer)
            found = true;
    }
    if (!found)
        sink.error(QStringLiteral("service.nfs-server"), r.pointer(QStringLiteral("nfs_server")),
                   QStringLiteral("node \"%1\": nfs_server %2 is not the address of a node with the hpc-nfs feature")
                       .arg(node.id, nfsServer),
                   node.id);
}

void checkRoleField(const Node &node, JsonObjectReader &r, const QString &what, ProblemSink &sink)
{
    const QString role = r.string(QStringLiteral("role"));
    if (r.has(QStringLiteral("role")) && role != node.role)
        sink.error(QStringLiteral("service.role-mismatch"), r.pointer(QStringLiteral("role")),
                   QStringLiteral("node \"%1\": %2 role \"%3\" differs from the node's role \"%4\"")
                       .arg(node.id, what, role, node.role),
                   node.id);
}

// A list of node ids, each of `role`; empty when `required`.
QStringList checkNodeList(const Lab &lab, const Node &node, const QJsonObject &config, JsonObjectReader &r,
                          const QString &key, const QString &role, bool required, ProblemSink &sink)
{
    QStringList ids = r.stringList(key);
    if (required && config.value(key).isArray() && ids.isEmpty())
        sink.error(QStringLiteral("service.node-unknown"), r.pointer(key),
                   QStringLiteral("node \"%1\": %2 is empty; Slurm would have no compute nodes").arg(node.id, key),
                   node.id);
    for (int c = 0; c < ids.size(); ++c)
        checkNodeRef(lab, ids.at(c), role, r.pointer(key) + QStringLiteral("/%1").arg(c), node.id, sink);
    return ids;
}

void checkSlurmNative(const Lab &lab, const Node &node, const Service &service, const QString &p, ProblemSink &sink)
{
    ConfigCheck check(service.config, p,
                      Latin1List::of({"role", "cluster_name", "controller_node_id", "compute_node_ids",
                                      "login_node_ids", "partition", "nfs_server"}),
                      node.id, sink);
    JsonObjectReader &r = check.reader();
    checkRoleField(node, r, QStringLiteral("slurm-native"), sink);
    for (const char *key : {"cluster_name", "partition"}) {
        const QString name = QString::fromLatin1(key);
        const QString value = r.string(name);
        if (r.has(name) && !SafeName::isSlurmName(value))
            sink.error(QStringLiteral("service.config-invalid"), r.pointer(name),
                       QStringLiteral("node \"%1\": %2 \"%3\" must be 1 to 40 lower-case letters, digits or _ "
                                      "starting with a letter")
                           .arg(node.id, name, value),
                       node.id);
    }
    QString controller;
    if (r.has(QStringLiteral("controller_node_id"))) {
        controller = r.string(QStringLiteral("controller_node_id"));
        checkNodeRef(lab, controller, QStringLiteral("controller"), r.pointer(QStringLiteral("controller_node_id")),
                     node.id, sink);
    }
    const QStringList computes = checkNodeList(lab, node, service.config, r, QStringLiteral("compute_node_ids"),
                                               QStringLiteral("compute"), true, sink);
    const QStringList logins = checkNodeList(lab, node, service.config, r, QStringLiteral("login_node_ids"),
                                             QStringLiteral("login"), false, sink);
    checkNfsServer(lab, node, r, sink);
    // The node itself must be what the config says it is, or Slurm would not know it.
    const bool listed = (node.role == QLatin1String("controller") && node.id == controller)
        || (node.role == QLatin1String("compute") && computes.contains(node.id))
        || (node.role == QLatin1String("login") && logins.contains(node.id));
    if (r.has(QStringLiteral("role")) && !listed)
        sink.error(QStringLiteral("service.member-unlisted"), p,
                   QStringLiteral("node \"%1\": it has slurm-native as %2 but the config does not list it there")
                       .arg(node.id, node.role),
                   node.id);
}

void checkSlinky(const Lab &lab, const Node &node, const Service &service, const QString &p,
                 const ValidationContext &context, ProblemSink &sink)
{
    ConfigCheck check(
        service.config, p,
        Latin1List::of({"role", "controller_node_id", "compute_node_ids", "login_node_id", "observability_node_id",
                        "nfs_server", "slinky_version", "slurm_version", "prometheus_stack_version"}),
        node.id, sink);
    JsonObjectReader &r = check.reader();
    checkRoleField(node, r, QStringLiteral("slinky"), sink);
    if (r.has(QStringLiteral("controller_node_id")))
        checkNodeRef(lab, r.string(QStringLiteral("controller_node_id")), QStringLiteral("controller"),
                     r.pointer(QStringLiteral("controller_node_id")), node.id, sink);
    checkNodeList(lab, node, service.config, r, QStringLiteral("compute_node_ids"), QStringLiteral("compute"), true,
                  sink);
    if (r.has(QStringLiteral("login_node_id")))
        checkNodeRef(lab, r.string(QStringLiteral("login_node_id")), QStringLiteral("login"),
                     r.pointer(QStringLiteral("login_node_id")), node.id, sink);
    if (r.has(QStringLiteral("observability_node_id")))
        checkNodeRef(lab, r.string(QStringLiteral("observability_node_id")), QStringLiteral("observability"),
                     r.pointer(QStringLiteral("observability_node_id")), node.id, sink);
    checkNfsServer(lab, node, r, sink);
    checkVersion(context, QStringLiteral("slinky"), r.string(QStringLiteral("slinky_version")),
                 r.pointer(QStringLiteral("slinky_version")), node.id, sink);
    checkVersion(context, QStringLiteral("slurm"), r.string(QStringLiteral("slurm_version")),
                 r.pointer(QStringLiteral("slurm_version")), node.id, sink);
    checkVersion(context, QStringLiteral("kube-prometheus-stack"), r.string(QStringLiteral("prometheus_stack_version")),
                 r.pointer(QStringLiteral("prometheus_stack_version")), node.id, sink);
}

void checkNfs(const Lab &lab, const Node &node, const Service &service, const QString &p, ProblemSink &sink)
{
    ConfigCheck check(service.config, p, Latin1List::of({"disk_serial", "export_network"}), node.id, sink);
    JsonObjectReader &r = check.reader();
    const QString serial = r.string(QStringLiteral("disk_serial"));
    if (r.has(QStringLiteral("disk_serial"))) {
        const bool onNode =
            std::any_of(node.disks.begin(), node.disks.end(), [&](const Disk &d) { return d.serial == serial; });
        if (!onNode)
            sink.error(QStringLiteral("service.disk-serial"), r.pointer(QStringLiteral("disk_serial")),
                       QStringLiteral("node \"%1\": disk_serial \"%2\" is not the serial of a disk of this node")
                           .arg(node.id, serial),
                       node.id);
    }
    const QString exportNetwork = r.string(QStringLiteral("export_network"));
    if (r.has(QStringLiteral("export_network"))) {
        bool attached = false;
        for (const NodeInterface &iface : node.interfaces) {
            const Network *net = lab.network(iface.network);
            if (net && net->cidr == exportNetwork)
                attached = true;
        }
        if (!attached)
            sink.error(QStringLiteral("service.export-network"), r.pointer(QStringLiteral("export_network")),
                       QStringLiteral("node \"%1\": export_network %2 is not a network this node is on")
                           .arg(node.id, exportNetwork),
                       node.id);
    }
}

} // namespace

void ServiceRules::check(const Lab &lab, const ValidationContext &context, ProblemSink &sink)
{
    // Members of one cluster share one config but their role: the first member's, by service.
    QHash<QString, std::pair<QJsonObject, QString>> shared;
    for (int i = 0; i < lab.nodes.size(); ++i) {
        const Node &node = lab.nodes.at(i);
        const QString base = QStringLiteral("/nodes/%1/recipe/services").arg(i);
        QSet<QString> names;
        for (int s = 0; s < node.recipe.services.size(); ++s) {
            const Service &service = node.recipe.services.at(s);
            const QString p = base + QStringLiteral("/%1").arg(s);
            if (const QString why = SafeName::check(service.name, SafeName::Kind::Service); !why.isEmpty())
                sink.error(QStringLiteral("service.name-invalid"), p + QStringLiteral("/name"),
                           QStringLiteral("node \"%1\": service name \"%2\" %3").arg(node.id, service.name, why),
                           node.id);
            else if (names.contains(service.name))
                sink.error(QStringLiteral("service.duplicate"), p + QStringLiteral("/name"),
                           QStringLiteral("node \"%1\": service \"%2\" is declared twice").arg(node.id, service.name),
                           node.id);
            names.insert(service.name);
            for (const FeatureInfo &f : Catalog::features()) {
                if (f.injectedServices.contains(service.name))
                    sink.error(
                        QStringLiteral("service.injected"), p + QStringLiteral("/name"),
                        QStringLiteral("node \"%1\": service \"%2\" is generated by the %3 feature from plan.%4; "
                                       "remove the hand-written one")
                            .arg(node.id, service.name, f.name, QStringLiteral("kubernetes")),
                        node.id);
                if (f.requiredServices.contains(service.name) && !node.recipe.hasFeature(f.name))
                    sink.error(
                        QStringLiteral("service.feature-missing"), p + QStringLiteral("/name"),
                        QStringLiteral(
                            "node \"%1\": service \"%2\" belongs to feature \"%3\", which the node does not have")
                            .arg(node.id, service.name, f.name),
                        node.id);
            }
            const QString cp = p + QStringLiteral("/config");
            if (service.name == Slinky)
                checkSlinky(lab, node, service, cp, context, sink);
            else if (service.name == SlurmNative)
                checkSlurmNative(lab, node, service, cp, sink);
            else if (service.name == Nfs)
                checkNfs(lab, node, service, cp, sink);
            if (service.name == Slinky || service.name == SlurmNative) {
                QJsonObject config = service.config;
                config.remove(QStringLiteral("role"));
                const auto first = shared.constFind(service.name);
                if (first == shared.constEnd())
                    shared.insert(service.name, {config, node.id});
                else if (config != first->first)
                    sink.error(QStringLiteral("service.config-inconsistent"), cp,
                               QStringLiteral("node \"%1\": %2 config differs from node \"%3\"'s; all members share "
                                              "one config but their role")
                                   .arg(node.id, service.name, first->second),
                               node.id);
            }
        }
        for (int f = 0; f < node.recipe.features.size(); ++f) {
            const FeatureInfo *info = Catalog::feature(node.recipe.features.at(f));
            if (!info)
                continue;
            for (const QString &required : info->requiredServices) {
                const Service *service = node.recipe.service(required);
                if (!service)
                    sink.error(
                        QStringLiteral("service.missing"), base,
                        QStringLiteral("node \"%1\": feature \"%2\" needs an enabled service \"%3\" with its config")
                            .arg(node.id, info->name, required),
                        node.id);
                else if (!service->enabled)
                    sink.error(QStringLiteral("service.disabled"), base,
                               QStringLiteral("node \"%1\": service \"%2\" must be enabled for feature \"%3\"")
                                   .arg(node.id, required, info->name),
                               node.id);
            }
        }
    }
}

} // namespace Labforge
