// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "Assertion.h"

#include "assertions/AssertionTypeRegistry.h"

namespace Labforge {

QString Assertion::typeName(Type type)
{
    return AssertionTypeRegistry::of(type).name();
}

std::optional<Assertion::Type> Assertion::typeFromName(const QString &name)
{
    if (const AssertionType *t = AssertionTypeRegistry::byName(name))
        return t->type();
    return std::nullopt;
}

QStringList Assertion::typeNames()
{
    QStringList names;
    for (const AssertionType *t : AssertionTypeRegistry::all())
        names.append(t->name());
    return names;
}

bool Assertion::runsCommand(Type type)
{
    return AssertionTypeRegistry::of(type).runsCommand();
}

} // namespace Labforge
