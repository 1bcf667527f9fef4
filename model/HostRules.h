// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "RuleId.h"
namespace Labforge {

struct Lab;
class ProblemSink;

// A lab across several libvirt hosts: the hosts' names, URIs, tunnel endpoints, fabrics
// and limits, and each node's placement.
class HostRules
{
public:
    // The rules it reports (RuleId enters each in Validator::ruleIds()).
    static inline const RuleId NodePlacementHostUnknown {"node.placement-host-unknown"};
    static inline const RuleId NameInvalid {"host.name-invalid"};
    static inline const RuleId NameDuplicate {"host.name-duplicate"};
    static inline const RuleId UriInvalid {"host.uri-invalid"};
    static inline const RuleId UriLocalFile {"host.uri-local-file"};
    static inline const RuleId UriDuplicate {"host.uri-duplicate"};
    static inline const RuleId TunnelInvalid {"host.tunnel-invalid"};
    static inline const RuleId FabricUnknown {"host.fabric-unknown"};
    static inline const RuleId LimitsInvalid {"host.limits-invalid"};

    static void check(const Lab &lab, ProblemSink &sink);
};

} // namespace Labforge
