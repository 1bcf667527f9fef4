// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "KubernetesRules.h"
#include "ValidatorText.h"

#include "Catalog.h"
#include "Cidr.h"
#include "Lab.h"
#include "ProblemSink.h"
#include "TopologyRules.h"
#include "ValidationContext.h"

#include <QRegularExpression>
#include <QSet>
#include <cmath>

namespace Labforge {

namespace {
const QString Base = QStringLiteral("/plan/kubernetes");

// The feature that makes a node a member (kubeadm-lab).
QString memberFeature()
{
    return Catalog::featureThatIs(&FeatureInfo::kubernetesMember);
}

// Without plan.kubernetes, no node may have the feature.
void checkFeatureWithoutIntent(const Lab &lab, ProblemSink &sink)
{
    for (int i = 0; i < lab.nodes.size(); ++i) {
        const Node &n = lab.nodes.at(i);
        const int f = int(n.recipe.features.indexOf(memberFeature()));
        if (f >= 0)
            sink.error(
                KubernetesRules::IntentMissing, QStringLiteral("/nodes/%1/recipe/features/%2").arg(i).arg(f),
                ValidatorText::tr("node \"%1\" has feature kubeadm-lab but the lab has no plan.kubernetes").arg(n.id),
                n.id);
    }
}

// Mode, CNI, version (the pinned one) and bootstrap token lifetime.
void checkSettings(const KubernetesIntent &k, const ValidationContext &context, ProblemSink &sink)
{
    if (k.mode != QLatin1String("kubeadm-lab"))
        sink.error(KubernetesRules::ModeUnknown, Base + QStringLiteral("/mode"),
                   ValidatorText::tr("plan.kubernetes mode \"%1\" is unknown (expected \"kubeadm-lab\")").arg(k.mode));
    if (k.cni != QLatin1String("flannel"))
        sink.error(KubernetesRules::CniUnknown, Base + QStringLiteral("/cni"),
                   ValidatorText::tr("CNI \"%1\" is not supported (supported: flannel)").arg(k.cni));
    static const QRegularExpression versionPattern(
        QRegularExpression::anchoredPattern(QStringLiteral("v[0-9]+\\.[0-9]+\\.[0-9]+")));
    const QString pinned = context.pinnedVersions.value(QStringLiteral("kubernetes"));
    if (!versionPattern.match(k.version).hasMatch())
        sink.error(KubernetesRules::Version, Base + QStringLiteral("/version"),
                   ValidatorText::tr("Kubernetes version \"%1\" is not of the form vMAJOR.MINOR.PATCH").arg(k.version));
    else if (!pinned.isEmpty() && k.version != pinned)
        sink.error(KubernetesRules::Version, Base + QStringLiteral("/version"),
                   ValidatorText::tr("Kubernetes %1 is not the pinned version %2; the kubeadm-lab feature installs %2")
                       .arg(k.version, pinned));
    if (k.bootstrapTokenTtlSeconds < 60 || k.bootstrapTokenTtlSeconds > Catalog::MaxBootstrapTokenTtlSeconds)
        sink.error(KubernetesRules::TokenTtl, Base + QStringLiteral("/bootstrap_token_ttl_seconds"),
                   ValidatorText::tr("bootstrap token lifetime %1 s is outside 60..%2 s")
                       .arg(k.bootstrapTokenTtlSeconds)
                       .arg(Catalog::MaxBootstrapTokenTtlSeconds));
}

// Registry mirrors: a registry host once each, an http(s) endpoint.
void checkRegistryMirrors(const KubernetesIntent &k, ProblemSink &sink)
{
    QSet<QString> mirrored;
    for (qsizetype i = 0; i < k.registryMirrors.size(); ++i) {
        const RegistryMirror &m = k.registryMirrors.at(i);
        const QString p = Base + QStringLiteral("/registry_mirrors/%1").arg(i);
        if (!RegistryMirror::validRegistry(m.registry))
            sink.error(
                KubernetesRules::RegistryMirror, p + QStringLiteral("/registry"),
                ValidatorText::tr("\"%1\" is not a registry host (docker.io, ghcr.io, host:port)").arg(m.registry));
        else if (mirrored.contains(m.registry))
            sink.error(KubernetesRules::RegistryMirror, p + QStringLiteral("/registry"),
                       ValidatorText::tr("the registry %1 has two mirrors").arg(m.registry));
        mirrored.insert(m.registry);
        if (!RegistryMirror::validEndpoint(m.endpoint))
            sink.error(KubernetesRules::RegistryMirror, p + QStringLiteral("/endpoint"),
                       ValidatorText::tr("mirror endpoint \"%1\" is not an http:// or https:// URL").arg(m.endpoint));
    }
}

// Members: exist, listed once, carry the feature; and every node with the feature is listed.
// Returns the members, each once.
QSet<QString> checkMembers(const Lab &lab, const KubernetesIntent &k, ProblemSink &sink)
{
    QSet<QString> members;
    const QStringList all = k.members();
    for (int m = 0; m < all.size(); ++m) {
        const QString &id = all.at(m);
        const QString p =
            m == 0 ? Base + QStringLiteral("/controller") : Base + QStringLiteral("/workers/%1").arg(m - 1);
        if (members.contains(id)) {
            sink.error(KubernetesRules::MemberDuplicate, p,
                       ValidatorText::tr("\"%1\" is listed twice as a Kubernetes member").arg(id), id);
            continue;
        }
        members.insert(id);
        const Node *node = lab.node(id);
        if (!node)
            sink.error(KubernetesRules::MemberUnknown, p,
                       ValidatorText::tr("Kubernetes member \"%1\" is not a node of the lab").arg(id));
        else if (!node->recipe.hasFeature(memberFeature()))
            sink.error(KubernetesRules::MemberWithoutFeature, p,
                       ValidatorText::tr("Kubernetes member \"%1\" does not have the kubeadm-lab feature").arg(id), id);
    }
    for (int i = 0; i < lab.nodes.size(); ++i) {
        const Node &n = lab.nodes.at(i);
        if (n.recipe.hasFeature(memberFeature()) && !members.contains(n.id))
            sink.error(
                KubernetesRules::FeatureNotMember,
                QStringLiteral("/nodes/%1/recipe/features/%2").arg(i).arg(n.recipe.features.indexOf(memberFeature())),
                ValidatorText::tr("node \"%1\" has the kubeadm-lab feature but plan.kubernetes does not list it")
                    .arg(n.id),
                n.id);
    }
    return members;
}

// Subnets: valid, and no overlap with each other or with any lab network.
void checkSubnets(const Lab &lab, const KubernetesIntent &k, qsizetype memberCount, ProblemSink &sink)
{
    QString why;
    const auto pod = Cidr::parse(k.podCidr, &why);
    if (!pod)
        sink.error(KubernetesRules::CidrInvalid, Base + QStringLiteral("/pod_cidr"),
                   ValidatorText::tr("pod subnet: %1").arg(why));
    const auto svc = Cidr::parse(k.serviceCidr, &why);
    if (!svc)
        sink.error(KubernetesRules::CidrInvalid, Base + QStringLiteral("/service_cidr"),
                   ValidatorText::tr("service subnet: %1").arg(why));
    if (pod && svc && pod->overlaps(*svc))
        sink.error(TopologyRules::CidrOverlap, Base + QStringLiteral("/service_cidr"),
                   ValidatorText::tr("service subnet %1 overlaps pod subnet %2").arg(k.serviceCidr, k.podCidr));
    for (const Network &net : lab.networks) {
        const auto cidr = Cidr::parse(net.cidr);
        if (!cidr)
            continue;
        if (pod && pod->overlaps(*cidr))
            sink.error(
                TopologyRules::CidrOverlap, Base + QStringLiteral("/pod_cidr"),
                ValidatorText::tr("pod subnet %1 overlaps network \"%2\" (%3)").arg(k.podCidr, net.name, net.cidr));
        if (svc && svc->overlaps(*cidr))
            sink.error(TopologyRules::CidrOverlap, Base + QStringLiteral("/service_cidr"),
                       ValidatorText::tr("service subnet %1 overlaps network \"%2\" (%3)")
                           .arg(k.serviceCidr, net.name, net.cidr));
    }
    // Flannel hands each node a /24 of the pod subnet.
    if (pod && k.cni == QLatin1String("flannel")) {
        const int needBits = int(std::ceil(std::log2(std::max<qsizetype>(memberCount, 1))));
        if (pod->prefixLength() > 24 - needBits)
            sink.error(KubernetesRules::PodCidrSmall, Base + QStringLiteral("/pod_cidr"),
                       ValidatorText::tr("pod subnet %1 cannot give each of %2 members the /24 flannel assigns")
                           .arg(k.podCidr)
                           .arg(memberCount));
    }
    if (svc && svc->prefixLength() > 28)
        sink.error(
            KubernetesRules::CidrInvalid, Base + QStringLiteral("/service_cidr"),
            ValidatorText::tr("service subnet %1 is too small for cluster DNS at its 10th address").arg(k.serviceCidr));
}

// Unsafe CA discovery (the lab-only join mode) is allowed only on RFC 1918 networks.
void checkDiscoveryNetworks(const Lab &lab, const QStringList &members, ProblemSink &sink)
{
    for (const QString &id : members) {
        const Node *node = lab.node(id);
        if (!node)
            continue;
        for (const NodeInterface &iface : node->interfaces) {
            const Network *net = lab.network(iface.network);
            const auto cidr = net ? Cidr::parse(net->cidr) : std::nullopt;
            if (cidr && !cidr->isPrivate())
                sink.error(KubernetesRules::UnsafeDiscoveryPublic,
                           QStringLiteral("/nodes/%1/interfaces").arg(lab.nodeIndex(id)),
                           ValidatorText::tr("node \"%1\" would join Kubernetes with unsafe CA discovery on %2 (%3), "
                                             "which is not an RFC 1918 private network")
                               .arg(id, net->name, net->cidr),
                           id);
        }
    }
}

} // namespace

void KubernetesRules::check(const Lab &lab, const ValidationContext &context, ProblemSink &sink)
{
    if (!lab.kubernetes) {
        checkFeatureWithoutIntent(lab, sink);
        return;
    }
    const KubernetesIntent &k = *lab.kubernetes;
    checkSettings(k, context, sink);
    checkRegistryMirrors(k, sink);
    const QSet<QString> members = checkMembers(lab, k, sink);
    checkSubnets(lab, k, members.size(), sink);
    checkDiscoveryNetworks(lab, k.members(), sink);
}

} // namespace Labforge
