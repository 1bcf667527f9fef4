// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "RuleId.h"
#include <QString>

namespace Labforge {

struct Lab;
class ProblemSink;

// No secret may live in a lab file: no token-shaped string, no private key,
// no key that names a password or token.
class SecretRules
{
public:
    // The rules it reports (RuleId enters each in Validator::ruleIds()).
    static inline const RuleId Token {"secret.token"};
    static inline const RuleId Key {"secret.key"};
    static inline const RuleId PrivateKey {"secret.private-key"};

    static void check(const Lab &lab, ProblemSink &sink);
    static bool containsBootstrapToken(const QString &text);
};

} // namespace Labforge
