// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "ServiceConfigCheck.h"
#include "ValidatorText.h"

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
        m_sink.error(QStringLiteral("service.config-invalid"), e.pointer,
                     ValidatorText::tr("node \"%1\": service config: %2").arg(m_in.node.id, e.message), m_in.node.id);
}

void ServiceConfigCheck::checkNodeRef(const QString &id, const QString &role, const QString &pointer)
{
    const QString &owner = m_in.node.id;
    const Node *node = m_in.lab.node(id);
    if (!node)
        m_sink.error(
            QStringLiteral("service.node-unknown"), pointer,
            ValidatorText::tr("node \"%1\": service config names node \"%2\", which does not exist").arg(owner, id),
            owner);
    else if (node->role != role)
        m_sink.error(QStringLiteral("service.node-role"), pointer,
                     ValidatorText::tr("node \"%1\": service config names \"%2\" as %3, but its role is \"%4\"")
                         .arg(owner, id, role, node->role),
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
            QStringLiteral("service.node-unknown"), m_reader.pointer(key),
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
    const bool found = std::any_of(m_in.lab.nodes.begin(), m_in.lab.nodes.end(), [&](const Node &n) {
        return n.recipe.hasFeature(QStringLiteral("hpc-nfs")) && n.ip() == server;
    });
    if (!found)
        m_sink.error(
            QStringLiteral("service.nfs-server"), m_reader.pointer(key),
            ValidatorText::tr("node \"%1\": nfs_server %2 is not the address of a node with the hpc-nfs feature")
                .arg(m_in.node.id, server),
            m_in.node.id);
}

void ServiceConfigCheck::roleField(const QString &what)
{
    const QString key = QStringLiteral("role");
    const QString role = m_reader.string(key);
    if (m_reader.has(key) && role != m_in.node.role)
        m_sink.error(QStringLiteral("service.role-mismatch"), m_reader.pointer(key),
                     ValidatorText::tr("node \"%1\": %2 role \"%3\" differs from the node's role \"%4\"")
                         .arg(m_in.node.id, what, role, m_in.node.role),
                     m_in.node.id);
}

void ServiceConfigCheck::version(const QString &key, const QString &component)
{
    const QString value = m_reader.string(key);
    const QString pinned = m_in.context.pinnedVersions.value(component);
    if (!pinned.isEmpty() && value != pinned)
        m_sink.error(QStringLiteral("service.version"), m_reader.pointer(key),
                     ValidatorText::tr("node \"%1\": %2 version \"%3\" differs from the pinned %4")
                         .arg(m_in.node.id, component, value, pinned),
                     m_in.node.id);
}

} // namespace Labforge
