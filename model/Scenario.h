// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "ScenarioStep.h"

#include <QList>

namespace Labforge {

// A group scenario: steps across the lab's nodes. Only enabled, gating
// scenarios decide whether a run passes.
struct Scenario
{
    QString name;
    QString description;
    bool enabled = true;
    bool gating = true;
    QList<ScenarioStep> steps;

    bool operator==(const Scenario &) const = default;
};

} // namespace Labforge
