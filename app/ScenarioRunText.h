// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QCoreApplication>
#include <QString>

namespace Labforge {

struct Lab;
class RunInventory;

// What Run Scenarios is about to do, asked before it starts (as Build and Boot shows its
// plan): the running lab it acts on (its run, since when, its nodes) and which scenarios
// run — gating or not, with their steps and the lab-acting steps among them (a power-off)
// — and which are off.
class ScenarioRunText
{
    Q_DECLARE_TR_FUNCTIONS(Labforge::ScenarioRunText)

public:
    static QString text(const Lab &lab, const RunInventory &run);
    // Why the scenarios cannot run (empty when they can): no scenario is on.
    static QString refusal(const Lab &lab);
};

} // namespace Labforge
