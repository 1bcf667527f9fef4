// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "Validator.h"

#include "HostRules.h"
#include "KubernetesRules.h"
#include "Lab.h"
#include "LinkRules.h"
#include "MembershipRules.h"
#include "ProblemSink.h"
#include "RuleId.h"
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

QStringList Validator::ruleIds()
{
    return RuleId::all();
}

} // namespace Labforge
