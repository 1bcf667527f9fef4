#include "KubeadmLabFeature.h"
#include "Latin1List.h"

namespace Labforge {

namespace {

FeatureInfo kubeadmLabInfo()
{
    FeatureInfo info;
    info.name = QStringLiteral("kubeadm-lab");
    info.summary = QStringLiteral("Kubernetes member bootstrapped by kubeadm from plan.kubernetes");
    info.allowedRoles = Latin1List::of({"controller", "compute", "login", "observability", "generic"});
    info.ownedPackages = Latin1List::of({"kubeadm", "kubelet", "kubectl"});
    info.injectedServices = Latin1List::of({"openfactory-kubeadm-lab"});
    info.requiredWarnings = Latin1List::of({"lab-only-bootstrap", "production-controls-excluded"});
    info.pinnedComponents = Latin1List::of({"kubernetes", "cri-tools", "flannel"});
    return info;
}

} // namespace

KubeadmLabFeature::KubeadmLabFeature()
    : FeatureDefinition(kubeadmLabInfo())
{ }

} // namespace Labforge
