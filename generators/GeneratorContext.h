// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Lab.h"
#include "PinsLock.h"

namespace Labforge {

// What a feature generator reads: the whole lab (for topology), the node it
// generates for, and the pins lock (for versions and artifacts).
struct GeneratorContext
{
    const Lab &lab;
    const Node &node;
    const PinsLock &pins;

    const Service *service(const QString &name) const { return node.recipe.service(name); }
};

} // namespace Labforge
