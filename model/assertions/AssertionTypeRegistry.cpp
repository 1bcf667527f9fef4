// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "AssertionTypeRegistry.h"

#include "CommandOutputAssertion.h"
#include "CommandSucceedsAssertion.h"
#include "ImpairAssertion.h"
#include "LinkDownAssertion.h"
#include "LinkUpAssertion.h"
#include "PowerCycleAssertion.h"

namespace Labforge {

const QList<const AssertionType *> &AssertionTypeRegistry::all()
{
    static const CommandSucceedsAssertion commandSucceeds;
    static const CommandOutputAssertion commandOutput;
    static const PowerCycleAssertion powerCycle;
    static const LinkDownAssertion linkDown;
    static const LinkUpAssertion linkUp;
    static const ImpairAssertion impair;
    static const QList<const AssertionType *> types {&commandSucceeds, &commandOutput, &powerCycle,
                                                     &linkDown,        &linkUp,        &impair};
    return types;
}

const AssertionType &AssertionTypeRegistry::of(Assertion::Type type)
{
    for (const AssertionType *t : all()) {
        if (t->type() == type)
            return *t;
    }
    qFatal("assertion type %d is not registered", int(type)); // tst_validator checks every one is
}

const AssertionType *AssertionTypeRegistry::byName(const QString &name)
{
    for (const AssertionType *t : all()) {
        if (t->name() == name)
            return t;
    }
    return nullptr;
}

} // namespace Labforge
