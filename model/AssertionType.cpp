// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "AssertionType.h"

#include "JsonObjectReader.h"
#include "assertions/AssertionTypeRegistry.h"

namespace Labforge {

QString AssertionType::attemptMessage(const ScenarioStep &step, int attempt, qint64 remainingMs) const
{
    Q_UNUSED(step);
    return QStringLiteral("attempt %1 (%2 s left)").arg(attempt).arg(remainingMs / 1000);
}

void AssertionType::refuseForeignKeys(JsonObjectReader &params) const
{
    const QStringList own = ownKeys();
    QStringList seen;
    for (const AssertionType *other : AssertionTypeRegistry::all()) {
        for (const QString &key : other->ownKeys()) {
            if (own.contains(key) || seen.contains(key) || !params.has(key))
                continue;
            seen.append(key);
            params.error(
                params.pointer(key),
                key == QLatin1String("command")
                    ? QStringLiteral("a %1 step acts on the lab and runs no command").arg(name())
                    : QStringLiteral("a %1 step takes no %2 (a parameter of %3)").arg(name(), key, other->name()));
        }
    }
}

} // namespace Labforge
