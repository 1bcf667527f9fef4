// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "ServiceConfigCheck.h"
#include "ValidatorText.h"

#include "Catalog.h"
#include "Cidr.h"
#include "ClusterMembers.h"
#include "FeatureRegistry.h"
#include "Ipv4.h"
#include "Lab.h"
#include "ProblemSink.h"
#include "Service.h"
#include "ValidationContext.h"

namespace Labforge {

ServiceConfigCheck::ServiceConfigCheck(const FeatureDefinition::ServiceInput &in, const QStringList &allowedKeys,
                                       ProblemSink &sink)
    : m_in(in)
    , m_reader(in.service.config, in.pointer, allowedKeys, &m_errors)
    , m_sink(sink)
{ }

ServiceConfigCheck::~ServiceConfigCheck()
{
    for (const LoadError &e : std::as_const(m_errors))
        m_sink.error(ServiceConfigCheck::ConfigInvalid, e.pointer,
                     ValidatorText::tr("node \"%1\": service config: %2").arg(m_in.node.id, e.message), m_in.node.id);
}

void ServiceConfigCheck::checkNodeRef(const QString &id, const QString &role, const QString &pointer)
{
    const QString &owner = m_in.node.id;
    const Node *node = m_in.lab.node(id);
    if (!node)
        m_sink.error(
            ServiceConfigCheck::NodeUnknown, pointer,
            ValidatorText::tr("node \"%1\": service config names node \"%2\", which does not exist").arg(owner, id),
            owner);
    else if (node->role != role)
        m_sink.error(ServiceConfigCheck::NodeRole, pointer,
                     ValidatorText::tr("node \"%1\": service config names \"%2\" as %3, but its role is \"%4\"")
                         .arg(owner, id, role, node->role),
                     owner);
    else
        checkMember(*node, pointer);
}

void ServiceConfigCheck::checkMember(const Node &member, const QString &pointer)
{
    const FeatureDefinition *feature = FeatureRegistry::instance().owningService(m_in.service.name);
    if (!feature)
        return;
    const QString &owner = m_in.node.id;
    if (!member.recipe.hasFeature(feature->name())) {
        m_sink.error(ServiceConfigCheck::MemberNotRunning, pointer,
                     ValidatorText::tr("node \"%1\": %2 names \"%3\" as a member, but \"%3\" does not run %4; turn "
                                       "%4 on there or take it off the list")
                         .arg(owner, m_in.service.name, member.id, feature->name()),
                     owner);
        return;
    }
    const auto &plan = m_in.lab.kubernetes;
    if (feature->info().requiresFeatures.contains(Catalog::featureThatIs(&FeatureInfo::kubernetesMember))
        && member.role == QLatin1String("compute") && plan && !plan->workers.contains(member.id))
        m_sink.error(ServiceConfigCheck::MemberNotWorker, pointer,
                     ValidatorText::tr("node \"%1\": %2 names \"%3\" as a compute node, but \"%3\" is not a worker "
                                       "of plan.kubernetes, where %4 runs its jobs")
                         .arg(owner, m_in.service.name, member.id, feature->name()),
                     owner);
}

void ServiceConfigCheck::nodeReference(const QString &key, const QString &role)
{
    if (m_reader.has(key))
        checkNodeRef(m_reader.string(key), role, m_reader.pointer(key));
}

QStringList ServiceConfigCheck::nodeList(const QString &key, const QString &role, bool required)
{
    QStringList ids = m_reader.stringList(key);
    if (required && m_in.service.config.value(key).isArray() && ids.isEmpty())
        m_sink.error(
            ServiceConfigCheck::NodeUnknown, m_reader.pointer(key),
            ValidatorText::tr("node \"%1\": %2 is empty; Slurm would have no compute nodes").arg(m_in.node.id, key),
            m_in.node.id);
    for (int c = 0; c < ids.size(); ++c)
        checkNodeRef(ids.at(c), role, m_reader.pointer(key) + QStringLiteral("/%1").arg(c));
    return ids;
}

void ServiceConfigCheck::nfsServer()
{
    const QString key = QStringLiteral("nfs_server");
    const QString server = m_reader.string(key);
    if (!m_reader.has(key))
        return;
    // The server: a node with hpc-nfs, at any of its addresses.
    const Node *serverNode = nullptr;
    const NodeInterface *serverInterface = nullptr;
    for (const Node &n : m_in.lab.nodes) {
        for (const NodeInterface &i : n.interfaces) {
            if (Catalog::hasFeatureThatIs(n.recipe, &FeatureInfo::nfsServer) && i.ip == server) {
                serverNode = &n;
                serverInterface = &i;
            }
        }
    }
    if (!serverNode) {
        m_sink.error(
            ServiceConfigCheck::NfsServer, m_reader.pointer(key),
            ValidatorText::tr("node \"%1\": nfs_server %2 is not the address of a node with the hpc-nfs feature")
                .arg(m_in.node.id, server),
            m_in.node.id);
        return;
    }
    // This node mounts from it: it must be on the server's network, and in what the server exports to.
    const auto mine = std::find_if(m_in.node.interfaces.begin(), m_in.node.interfaces.end(),
                                   [&](const NodeInterface &i) { return i.network == serverInterface->network; });
    if (serverNode->id == m_in.node.id)
        return;
    if (mine == m_in.node.interfaces.end()) {
        m_sink.error(ServiceConfigCheck::NfsUnreachable, m_reader.pointer(key),
                     ValidatorText::tr("node \"%1\" is on no network with nfs_server %2 (network %3)")
                         .arg(m_in.node.id, server, serverInterface->network),
                     m_in.node.id);
        return;
    }
    const Service *exports = ClusterMembers::nfsExports(*serverNode);
    const QString exportNetwork =
        exports ? exports->config.value(QStringLiteral("export_network")).toString() : QString();
    const auto range = Cidr::parse(exportNetwork);
    const auto address = Ipv4::parse(mine->ip);
    if (range && address && !range->contains(*address))
        m_sink.error(ServiceConfigCheck::NfsNotExported, m_reader.pointer(key),
                     ValidatorText::tr("node \"%1\" mounts from %2, which exports only to %3; its address %4 is not "
                                       "in it")
                         .arg(m_in.node.id, server, exportNetwork, mine->ip),
                     m_in.node.id);
}

void ServiceConfigCheck::roleField(const QString &what)
{
    const QString key = QStringLiteral("role");
    const QString role = m_reader.string(key);
    if (m_reader.has(key) && role != m_in.node.role)
        m_sink.error(ServiceConfigCheck::RoleMismatch, m_reader.pointer(key),
                     ValidatorText::tr("node \"%1\": %2 role \"%3\" differs from the node's role \"%4\"")
                         .arg(m_in.node.id, what, role, m_in.node.role),
                     m_in.node.id);
}

void ServiceConfigCheck::version(const QString &key, const QString &component)
{
    const QString value = m_reader.string(key);
    const QString pinned = m_in.context.pinnedVersions.value(component);
    if (!pinned.isEmpty() && value != pinned)
        m_sink.error(ServiceConfigCheck::Version, m_reader.pointer(key),
                     ValidatorText::tr("node \"%1\": %2 version \"%3\" differs from the pinned %4")
                         .arg(m_in.node.id, component, value, pinned),
                     m_in.node.id);
}

} // namespace Labforge
