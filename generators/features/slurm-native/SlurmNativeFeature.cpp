// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "SlurmNativeFeature.h"
#include "Latin1List.h"
#include "ValidatorText.h"

#include "ClusterMembers.h"
#include "Lab.h"
#include "ProblemSink.h"
#include "SafeName.h"
#include "ServiceConfigCheck.h"

namespace Labforge {

SlurmNativeFeature::SlurmNativeFeature()
    : SlurmClusterFeature(
        {
            .name = QStringLiteral("slurm-native"),
            .summary =
                QStringLiteral("Slurm from Debian's packages: configless slurmctld and slurmrestd, slurmd, sackd"),
            .allowedRoles = Latin1List::of({"controller", "compute", "login"}),
            .requiresFeatures = Latin1List::of({"munge"}),
            .ownedPackages = Latin1List::of({"slurmctld", "slurmd", "slurmrestd", "sackd", "slurm-client",
                                             "slurm-wlm-jwt-plugin", "libpam-slurm-adopt"}),
            .requiredServices = Latin1List::of({"openfactory-slurm-native"}),
            .requiredWarnings = Latin1List::of({"native-slurm-scope", "production-controls-excluded"}),
            .pinnedComponents = Latin1List::of({"slurm-debian"}),
            // production-controls-excluded: the text kubeadm-lab gives it.
            .warningTexts = {{QStringLiteral("native-slurm-scope"),
                              QStringLiteral("Slurm runs natively from Debian's packages on the VMs: no Kubernetes, "
                                             "no fair-share or QoS, and a CPU-only partition without GPU/GRES or "
                                             "RDMA. Its directory (OpenLDAP without TLS, SSH-key logins) is for "
                                             "trying shared users, not a production identity service.")}},
        },
        {.nodeFields = Latin1List::of({"controller_node_id", "compute_node_ids", "login_node_ids"}),
         .listOfRole = {{QStringLiteral("compute"), QStringLiteral("compute_node_ids")},
                        {QStringLiteral("login"), QStringLiteral("login_node_ids")}}})
{ }

void SlurmNativeFeature::checkServiceConfig(const ServiceInput &in, ProblemSink &sink) const
{
    ServiceConfigCheck check(in,
                             Latin1List::of({"role", "cluster_name", "controller_node_id", "compute_node_ids",
                                             "login_node_ids", "partition", "nfs_server"}),
                             sink);
    JsonObjectReader &r = check.reader();
    const Node &node = in.node;
    check.roleField(QStringLiteral("slurm-native"));
    for (const char *key : {"cluster_name", "partition"}) {
        const QString name = QString::fromLatin1(key);
        const QString value = r.string(name);
        if (r.has(name) && !SafeName::isSlurmName(value))
            sink.error(ServiceConfigCheck::ConfigInvalid, r.pointer(name),
                       ValidatorText::tr("node \"%1\": %2 \"%3\" must be 1 to 40 lower-case letters, digits or _ "
                                         "starting with a letter")
                           .arg(node.id, name, value),
                       node.id);
    }
    const QString controller = r.string(QStringLiteral("controller_node_id"));
    check.nodeReference(QStringLiteral("controller_node_id"), QStringLiteral("controller"));
    const QStringList computes = check.nodeList(QStringLiteral("compute_node_ids"), QStringLiteral("compute"), true);
    const QStringList logins = check.nodeList(QStringLiteral("login_node_ids"), QStringLiteral("login"), false);
    check.nfsServer();
    // The node itself must be what the config says it is, or Slurm would not know it.
    const bool listed = (node.role == QLatin1String("controller") && node.id == controller)
        || (node.role == QLatin1String("compute") && computes.contains(node.id))
        || (node.role == QLatin1String("login") && logins.contains(node.id));
    if (r.has(QStringLiteral("role")) && !listed)
        sink.error(ServiceConfigCheck::MemberUnlisted, in.pointer,
                   ValidatorText::tr("node \"%1\": it has slurm-native as %2 but the config does not list it there")
                       .arg(node.id, node.role),
                   node.id);
}

QJsonObject SlurmNativeFeature::firstMemberConfig(const Lab &lab, const Node &node, const ValidationContext &) const
{
    return QJsonObject {
        {QStringLiteral("role"), node.role},
        {QStringLiteral("cluster_name"), clusterNameFor(lab.name)},
        {QStringLiteral("controller_node_id"), ClusterMembers::firstOfRole(lab, QStringLiteral("controller"), name())},
        {QStringLiteral("compute_node_ids"), ClusterMembers::idsOfRole(lab, QStringLiteral("compute"), name())},
        {QStringLiteral("login_node_ids"), ClusterMembers::idsOfRole(lab, QStringLiteral("login"), name())},
        {QStringLiteral("partition"), QStringLiteral("cpu")},
        {QStringLiteral("nfs_server"), ClusterMembers::nfsServer(lab)}};
}

} // namespace Labforge
