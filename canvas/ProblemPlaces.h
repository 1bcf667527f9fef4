// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Problem.h"

#include <QHash>
#include <QString>

namespace Labforge {

// Where the canvas shows each problem: on the node it names, and as the text of the line
// or bus its pointer is under ("/nodes/N/interfaces/I", "/networks/K"; several joined by
// new lines).
struct ProblemPlaces
{
    explicit ProblemPlaces(const Problems &problems);

    QHash<QString, Problems> byNode;
    QHash<QString, QString> byPointer;
};

} // namespace Labforge
