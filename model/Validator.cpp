// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "Validator.h"

#include "HostRules.h"
#include "KubernetesRules.h"
#include "Lab.h"
#include "LinkRules.h"
#include "MembershipRules.h"
#include "ProblemSink.h"
#include "ScenarioRules.h"
#include "SecretRules.h"
#include "ServiceRules.h"
#include "StringRules.h"
#include "TopologyRules.h"
#include "WarningRules.h"

namespace Labforge {

Problems Validator::validate(const Lab &lab, const ValidationContext &context)
{
    ProblemSink sink;
    TopologyRules::check(lab, sink);
    LinkRules::check(lab, sink);
    HostRules::check(lab, sink);
    KubernetesRules::check(lab, context, sink);
    ServiceRules::check(lab, context, sink);
    MembershipRules::check(lab, context, sink);
    ScenarioRules::check(lab, sink);
    SecretRules::check(lab, sink);
    WarningRules::check(lab, sink);
    StringRules::check(lab, sink);
    return sink.take();
}

bool Validator::hasErrors(const Problems &problems)
{
    return std::any_of(problems.begin(), problems.end(), [](const Problem &p) { return p.isError(); });
}

namespace {

// The rules of scenarios, steps, secrets and warnings.
QStringList scenarioRuleIds()
{
    return {
        QStringLiteral("scenario.name-invalid"),
        QStringLiteral("scenario.gating-disabled"),
        QStringLiteral("scenario.empty"),
        QStringLiteral("scenario.step-id-invalid"),
        QStringLiteral("scenario.node-unknown"),
        QStringLiteral("scenario.peer-unknown"),
        QStringLiteral("scenario.peer-self"),
        QStringLiteral("scenario.link-network"),
        QStringLiteral("scenario.variable-unknown"),
        QStringLiteral("scenario.variable-empty"),
        QStringLiteral("scenario.stale-node-name"),
        QStringLiteral("scenario.stale-node-list"),
        QStringLiteral("scenario.stale-address"),
        QStringLiteral("scenario.stale-count"),
        QStringLiteral("assertion.timeout-missing"),
        QStringLiteral("assertion.timeout-range"),
        QStringLiteral("assertion.interval-range"),
        QStringLiteral("assertion.command-empty"),
        QStringLiteral("assertion.strict-shell"),
        QStringLiteral("assertion.expectation-missing"),
        QStringLiteral("assertion.expectation-empty"),
        QStringLiteral("assertion.action-expectation"),
        QStringLiteral("assertion.impair-range"),
        QStringLiteral("assertion.impair-empty"),
        QStringLiteral("assertion.expectation-ignored"),
        QStringLiteral("secret.token"),
        QStringLiteral("secret.key"),
        QStringLiteral("secret.private-key"),
        QStringLiteral("warning.invalid"),
        QStringLiteral("warning.missing"),
        QStringLiteral("warning.altered"),
    };
}

} // namespace

QStringList Validator::ruleIds()
{
    return QStringList {
               QStringLiteral("lab.name-invalid"),
               QStringLiteral("lab.control-character"),
               QStringLiteral("network.name-invalid"),
               QStringLiteral("network.name-duplicate"),
               QStringLiteral("network.cidr-invalid"),
               QStringLiteral("network.gateway-invalid"),
               QStringLiteral("network.dns-invalid"),
               QStringLiteral("network.default-route-multiple"),
               QStringLiteral("cidr.overlap"),
               QStringLiteral("node.id-invalid"),
               QStringLiteral("node.id-duplicate"),
               QStringLiteral("node.kind-unknown"),
               QStringLiteral("node.role-unknown"),
               QStringLiteral("node.interface-missing"),
               QStringLiteral("node.network-unknown"),
               QStringLiteral("node.interface-network-duplicate"),
               QStringLiteral("node.ip-invalid"),
               QStringLiteral("node.ip-outside-network"),
               QStringLiteral("node.ip-reserved"),
               QStringLiteral("node.ip-duplicate"),
               QStringLiteral("node.position-overlap"),
               QStringLiteral("node.placement-host-unknown"),
               QStringLiteral("link.node-unknown"),
               QStringLiteral("link.self"),
               QStringLiteral("link.duplicate"),
               QStringLiteral("link.network-missing"),
               QStringLiteral("link.network-unknown"),
               QStringLiteral("link.end-off-network"),
               QStringLiteral("host.name-invalid"),
               QStringLiteral("host.name-duplicate"),
               QStringLiteral("host.uri-invalid"),
               QStringLiteral("host.uri-local-file"),
               QStringLiteral("host.uri-duplicate"),
               QStringLiteral("host.tunnel-invalid"),
               QStringLiteral("host.fabric-unknown"),
               QStringLiteral("host.limits-invalid"),
               QStringLiteral("disk.id-invalid"),
               QStringLiteral("disk.kind-unknown"),
               QStringLiteral("disk.size-invalid"),
               QStringLiteral("disk.bus-unknown"),
               QStringLiteral("disk.serial-empty"),
               QStringLiteral("disk.serial-too-long"),
               QStringLiteral("disk.serial-invalid"),
               QStringLiteral("disk.serial-duplicate"),
               QStringLiteral("disk.serial-reserved"),
               QStringLiteral("recipe.base-image-unknown"),
               QStringLiteral("recipe.hardware-invalid"),
               QStringLiteral("feature.unknown"),
               QStringLiteral("feature.duplicate"),
               QStringLiteral("feature.role-forbidden"),
               QStringLiteral("feature.requires"),
               QStringLiteral("package.owned-by-feature"),
               QStringLiteral("package.invalid"),
               QStringLiteral("user.name-invalid"),
               QStringLiteral("user.ssh-missing"),
               QStringLiteral("kubernetes.intent-missing"),
               QStringLiteral("kubernetes.mode-unknown"),
               QStringLiteral("kubernetes.cni-unknown"),
               QStringLiteral("kubernetes.version"),
               QStringLiteral("kubernetes.token-ttl"),
               QStringLiteral("kubernetes.registry-mirror"),
               QStringLiteral("kubernetes.member-duplicate"),
               QStringLiteral("kubernetes.member-unknown"),
               QStringLiteral("kubernetes.member-without-feature"),
               QStringLiteral("kubernetes.feature-not-member"),
               QStringLiteral("kubernetes.cidr-invalid"),
               QStringLiteral("kubernetes.pod-cidr-small"),
               QStringLiteral("kubernetes.unsafe-discovery-public"),
               QStringLiteral("service.name-invalid"),
               QStringLiteral("service.duplicate"),
               QStringLiteral("service.injected"),
               QStringLiteral("service.feature-missing"),
               QStringLiteral("service.missing"),
               QStringLiteral("service.disabled"),
               QStringLiteral("service.config-invalid"),
               QStringLiteral("service.config-inconsistent"),
               QStringLiteral("service.member-unlisted"),
               QStringLiteral("service.role-mismatch"),
               QStringLiteral("service.node-unknown"),
               QStringLiteral("service.node-role"),
               QStringLiteral("service.member-not-running"),
               QStringLiteral("service.member-not-worker"),
               QStringLiteral("feature.left-off"),
               QStringLiteral("service.nfs-server"),
               QStringLiteral("service.nfs-unreachable"),
               QStringLiteral("service.nfs-not-exported"),
               QStringLiteral("service.version"),
               QStringLiteral("service.disk-serial"),
               QStringLiteral("service.export-network"),
               QStringLiteral("service.image-name"),
           }
    + scenarioRuleIds();
}

} // namespace Labforge
