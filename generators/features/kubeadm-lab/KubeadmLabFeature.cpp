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
    })
{ }

} // namespace Labforge
