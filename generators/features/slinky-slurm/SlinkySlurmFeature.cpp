// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "SlinkySlurmFeature.h"
#include "Latin1List.h"

#include "ClusterMembers.h"
#include "Lab.h"
#include "ServiceConfigCheck.h"
#include "ValidationContext.h"

namespace Labforge {

SlinkySlurmFeature::SlinkySlurmFeature()
    : SlurmClusterFeature(
        {
            .name = QStringLiteral("slinky-slurm"),
            .summary = QStringLiteral("Slurm on Kubernetes through SchedMD Slinky"),
            .allowedRoles = Latin1List::of({"controller", "compute", "login", "observability"}),
            .requiresFeatures = Latin1List::of({"kubeadm-lab"}),
            .requiredServices = Latin1List::of({"openfactory-slinky-slurm"}),
            .requiredWarnings = Latin1List::of({"hpc-scope-excluded", "gpu-rdma-render-only", "runtime-egress"}),
            .pinnedComponents = Latin1List::of({"slinky", "slurm", "kube-prometheus-stack"}),
            .warningTexts = {{QStringLiteral("hpc-scope-excluded"),
                              QStringLiteral("SlurmDBD/accounting, fair-share/QoS/account hierarchies, HTCondor, and "
                                             "Ray are not included.")},
                             {QStringLiteral("gpu-rdma-render-only"),
                              QStringLiteral("GPU/GRES and RDMA/InfiniBand are render-tested extension hooks only; "
                                             "this acceptance run is CPU-only and does not validate hardware drivers "
                                             "or devices.")},
                             {QStringLiteral("runtime-egress"),
                              QStringLiteral("Runtime egress is required for pinned OCI images; chart archives are "
                                             "baked and checksum-verified at image build time.")}},
            .shortName = QStringLiteral("slurm"),
        },
        {.nodeFields =
             Latin1List::of({"controller_node_id", "compute_node_ids", "login_node_id", "observability_node_id"}),
         .listOfRole = {{QStringLiteral("compute"), QStringLiteral("compute_node_ids")}}})
{ }

void SlinkySlurmFeature::checkServiceConfig(const ServiceInput &in, ProblemSink &sink) const
{
    ServiceConfigCheck check(
        in,
        Latin1List::of({"role", "controller_node_id", "compute_node_ids", "login_node_id", "observability_node_id",
                        "nfs_server", "slinky_version", "slurm_version", "prometheus_stack_version"}),
        sink);
    check.roleField(QStringLiteral("slinky"));
    check.nodeReference(QStringLiteral("controller_node_id"), QStringLiteral("controller"));
    check.nodeList(QStringLiteral("compute_node_ids"), QStringLiteral("compute"), true);
    check.nodeReference(QStringLiteral("login_node_id"), QStringLiteral("login"));
    check.nodeReference(QStringLiteral("observability_node_id"), QStringLiteral("observability"));
    check.nfsServer();
    check.version(QStringLiteral("slinky_version"), QStringLiteral("slinky"));
    check.version(QStringLiteral("slurm_version"), QStringLiteral("slurm"));
    check.version(QStringLiteral("prometheus_stack_version"), QStringLiteral("kube-prometheus-stack"));
}

QJsonObject SlinkySlurmFeature::firstMemberConfig(const Lab &lab, const Node &node,
                                                  const ValidationContext &context) const
{
    return QJsonObject {
        {QStringLiteral("role"), node.role},
        {QStringLiteral("controller_node_id"), ClusterMembers::firstOfRole(lab, QStringLiteral("controller"), name())},
        {QStringLiteral("compute_node_ids"), ClusterMembers::idsOfRole(lab, QStringLiteral("compute"), name())},
        {QStringLiteral("login_node_id"), ClusterMembers::firstOfRole(lab, QStringLiteral("login"), name())},
        {QStringLiteral("observability_node_id"),
         ClusterMembers::firstOfRole(lab, QStringLiteral("observability"), name())},
        {QStringLiteral("nfs_server"), ClusterMembers::nfsServer(lab)},
        {QStringLiteral("slinky_version"), context.pinnedVersions.value(QStringLiteral("slinky"))},
        {QStringLiteral("slurm_version"), context.pinnedVersions.value(QStringLiteral("slurm"))},
        {QStringLiteral("prometheus_stack_version"),
         context.pinnedVersions.value(QStringLiteral("kube-prometheus-stack"))}};
}

} // namespace Labforge
