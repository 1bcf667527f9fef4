// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "BootPlan.h"

namespace Labforge {

// Before a run allocates anything: exactly the domain and network names it would create are
// free, each on the host it would be made on. Whoever owns a taken name, it is not the run's
// to replace; a host that does not answer stops the run too.
class FreeNames
{
public:
    static bool check(const BootPlan &plan, const QString &lab, QString *error);
};

} // namespace Labforge
