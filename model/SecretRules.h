// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QString>

namespace Labforge {

struct Lab;
class ProblemSink;

// No secret may live in a lab file: no token-shaped string, no private key,
// no key that names a password or token.
class SecretRules
{
public:
    static void check(const Lab &lab, ProblemSink &sink);
    static bool containsBootstrapToken(const QString &text);
};

} // namespace Labforge
