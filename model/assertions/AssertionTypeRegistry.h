// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "AssertionType.h"

#include <QList>

namespace Labforge {

// Every assertion type labforge knows, in the order the schema and the designer list
// them. Registering a new type is one line in AssertionTypeRegistry.cpp.
class AssertionTypeRegistry
{
public:
    static const QList<const AssertionType *> &all();
    static const AssertionType &of(Assertion::Type type);
    static const AssertionType *byName(const QString &name);
};

} // namespace Labforge
