// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "KubeadmLabFeature.h"
#include "Latin1List.h"

namespace Labforge {

KubeadmLabFeature::KubeadmLabFeature()
    : FeatureDefinition({
        .name = QStringLiteral("kubeadm-lab"),
        .summary = QStringLiteral("Kubernetes member bootstrapped by kubeadm from plan.kubernetes"),
        .allowedRoles = Latin1List::of({"controller", "compute", "login", "observability", "generic"}),
        .ownedPackages = Latin1List::of({"kubeadm", "kubelet", "kubectl"}),
        .injectedServices = Latin1List::of({"openfactory-kubeadm-lab"}),
        .requiredWarnings = Latin1List::of({"lab-only-bootstrap", "production-controls-excluded"}),
        .pinnedComponents = Latin1List::of({"kubernetes", "cri-tools", "flannel"}),
        // production-controls-excluded is required by slurm-native too, with this text.
        .warningTexts = {{QStringLiteral("lab-only-bootstrap"),
                          QStringLiteral("Lab-only bootstrap uses unsafe CA discovery on a private network and is "
                                         "not a secure production runtime bundle.")},
                         {QStringLiteral("production-controls-excluded"),
                          QStringLiteral("Production identity, multi-user UID/GID management, TLS, secrets "
                                         "rotation, network policy, backup/restore, and hardened RBAC are not "
                                         "included.")}},
        .shortName = QStringLiteral("k8s"),
        .kubernetesMember = true,
    })
{ }

} // namespace Labforge
