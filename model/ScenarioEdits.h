// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Lab.h"

namespace Labforge {

// Edits of a lab's scenarios and their steps, as the designer's scenario panel makes
// them. Each returns the edited lab (the designer pushes it as one undo step) and, where
// it says so, the row the panel shows afterwards; an index out of range leaves the lab
// as it is and returns -1.
class ScenarioEdits
{
public:
    // A new scenario at the end, named "scenario-N" (the first free N), disabled and not
    // gating: an empty scenario decides nothing, and a gating one without steps is an error.
    static Lab withNewScenario(const Lab &lab, int *row);
    // A copy of scenario `index` after it, named "<name>-copy" (then -copy-2 …), not gating
    // (a second gate of the same steps doubles a run's time and decides nothing new).
    static Lab withDuplicateScenario(const Lab &lab, int index, int *row);
    // Without scenario `index`; *row is the one shown next (the same place, else the last).
    static Lab withoutScenario(const Lab &lab, int index, int *row);
    // A new step at the end of scenario `index`: "step-N" (the first free N) on the lab's
    // first node, printing its hostname. The first step of a scenario that has none turns
    // it on: a new scenario waits for its first step to run.
    static Lab withNewStep(const Lab &lab, int index, int *row);
    // A copy of step `step` after it, with an id of its own ("<id>-copy", -copy-2 …).
    static Lab withDuplicateStep(const Lab &lab, int index, int step, int *row);
    static Lab withoutStep(const Lab &lab, int index, int step, int *row);
    // Step `step` moved by `by` places (-1 up, 1 down), clamped to the list.
    static Lab withStepMoved(const Lab &lab, int index, int step, int by, int *row);

private:
    static bool valid(const Lab &lab, int index, int step = 0);
};

} // namespace Labforge
