// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Assertion.h"

namespace Labforge {

// One step of a group scenario: an assertion run on one node.
struct ScenarioStep
{
    QString id;
    QString description;
    QString node;
    Assertion assertion;

    bool operator==(const ScenarioStep &) const = default;
};

} // namespace Labforge
