// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "LoadError.h"

namespace Labforge {

QString LoadError::toString(const QString &file) const
{
    QString where = file;
    if (line > 0)
        where += QStringLiteral(":%1:%2").arg(line).arg(column);
    if (!pointer.isEmpty() || (line == 0 && !aboutTheFile))
        where +=
            (where.isEmpty() ? QString() : QStringLiteral(": ")) + (pointer.isEmpty() ? QStringLiteral("/") : pointer);
    return where.isEmpty() ? message : where + QStringLiteral(": ") + message;
}

} // namespace Labforge
