// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "FeatureGenerator.h"

namespace Labforge {

// Injected from plan.kubernetes for every member: pinned kubeadm/kubelet/kubectl,
// containerd, and the openfactory-kubeadm-lab first-boot service (init on the
// controller, join with the group's token elsewhere, exact Ready gate, revocation).
class KubeadmLabGenerator : public FeatureGenerator
{
public:
    QString feature() const override { return QStringLiteral("kubeadm-lab"); }
    FeatureOutput generate(const GeneratorContext &context) const override;
};

} // namespace Labforge
