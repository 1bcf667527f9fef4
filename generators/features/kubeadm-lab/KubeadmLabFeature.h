// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "FeatureDefinition.h"

namespace Labforge {

// kubeadm-lab: a Kubernetes member bootstrapped by kubeadm from plan.kubernetes.
// Its catalog entry is all the model knows; the files come from KubeadmLabGenerator.
class KubeadmLabFeature : public FeatureDefinition
{
public:
    KubeadmLabFeature();
};

} // namespace Labforge
