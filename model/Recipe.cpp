// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "Recipe.h"

namespace Labforge {

const Service *Recipe::service(const QString &name) const
{
    for (const Service &s : services) {
        if (s.name == name)
            return &s;
    }
    return nullptr;
}

} // namespace Labforge
