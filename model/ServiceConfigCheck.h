// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "FeatureDefinition.h"
#include "JsonObjectReader.h"
#include "LoadError.h"
#include "RuleId.h"

namespace Labforge {

// Reads one service config strictly (unknown keys and wrong types become
// service.config-invalid problems when the check ends) and offers the checks that
// several features' configs share: node references by role, the NFS server, the role
// field and versions against the pins lock.
class ServiceConfigCheck
{
public:
    // The rules it reports (RuleId enters each in Validator::ruleIds()).
    static inline const RuleId ConfigInvalid {"service.config-invalid"};
    static inline const RuleId MemberUnlisted {"service.member-unlisted"};
    static inline const RuleId RoleMismatch {"service.role-mismatch"};
    static inline const RuleId NodeUnknown {"service.node-unknown"};
    static inline const RuleId NodeRole {"service.node-role"};
    static inline const RuleId MemberNotRunning {"service.member-not-running"};
    static inline const RuleId MemberNotWorker {"service.member-not-worker"};
    static inline const RuleId NfsServer {"service.nfs-server"};
    static inline const RuleId NfsUnreachable {"service.nfs-unreachable"};
    static inline const RuleId NfsNotExported {"service.nfs-not-exported"};
    static inline const RuleId Version {"service.version"};

    ServiceConfigCheck(const FeatureDefinition::ServiceInput &in, const QStringList &allowedKeys, ProblemSink &sink);
    ~ServiceConfigCheck();
    ServiceConfigCheck(const ServiceConfigCheck &) = delete;
    ServiceConfigCheck &operator=(const ServiceConfigCheck &) = delete;

    JsonObjectReader &reader() { return m_reader; }
    const Lab &lab() const { return m_in.lab; }
    const Node &node() const { return m_in.node; }
    ProblemSink &sink() { return m_sink; }

    // `key` names a node of `role` (when present) that is a member: see nodeList.
    void nodeReference(const QString &key, const QString &role);
    // Each id of the list `key` names a node of `role`; an empty list is refused when
    // `required`. Returns the ids. Every node named is a member of the cluster the
    // service's feature makes: it runs that feature (service.member-not-running), and
    // where the feature needs Kubernetes a compute node is one of plan.kubernetes's
    // workers (service.member-not-worker).
    QStringList nodeList(const QString &key, const QString &role, bool required);
    // nfs_server is the address of a node with the hpc-nfs feature.
    void nfsServer();
    // role equals the node's role; `what` names the config in the message.
    void roleField(const QString &what);
    // `key` holds the version the pins lock fixes for `component`.
    void version(const QString &key, const QString &component);

private:
    void checkNodeRef(const QString &id, const QString &role, const QString &pointer);
    void checkMember(const Node &member, const QString &pointer);

    const FeatureDefinition::ServiceInput &m_in;
    LoadErrors m_errors;
    JsonObjectReader m_reader;
    ProblemSink &m_sink;
};

} // namespace Labforge
