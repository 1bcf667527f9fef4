// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "RuleId.h"
namespace Labforge {

struct Lab;
struct ValidationContext;
class ProblemSink;

// plan.kubernetes: shape, members, subnets, token lifetime and the lab-only
// discovery boundary.
class KubernetesRules
{
public:
    // The rules it reports (RuleId enters each in Validator::ruleIds()).
    static inline const RuleId IntentMissing {"kubernetes.intent-missing"};
    static inline const RuleId ModeUnknown {"kubernetes.mode-unknown"};
    static inline const RuleId CniUnknown {"kubernetes.cni-unknown"};
    static inline const RuleId Version {"kubernetes.version"};
    static inline const RuleId TokenTtl {"kubernetes.token-ttl"};
    static inline const RuleId RegistryMirror {"kubernetes.registry-mirror"};
    static inline const RuleId MemberDuplicate {"kubernetes.member-duplicate"};
    static inline const RuleId MemberUnknown {"kubernetes.member-unknown"};
    static inline const RuleId MemberWithoutFeature {"kubernetes.member-without-feature"};
    static inline const RuleId FeatureNotMember {"kubernetes.feature-not-member"};
    static inline const RuleId CidrInvalid {"kubernetes.cidr-invalid"};
    static inline const RuleId PodCidrSmall {"kubernetes.pod-cidr-small"};
    static inline const RuleId UnsafeDiscoveryPublic {"kubernetes.unsafe-discovery-public"};

    static void check(const Lab &lab, const ValidationContext &context, ProblemSink &sink);
};

} // namespace Labforge
