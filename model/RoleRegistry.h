// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "RoleInfo.h"

#include <QList>

namespace Labforge {

// Every node role labforge knows, one record each. The catalog, the canvas (colours, glyphs,
// new nodes), the designer and the schema test read roles from here only.
class RoleRegistry
{
public:
    static const QList<RoleInfo> &all();
    static const RoleInfo *role(const QString &name);
};

} // namespace Labforge
