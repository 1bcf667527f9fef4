// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "PartialFile.h"

#include <QFile>

namespace Labforge {

bool PartialFile::moveIntoPlace(const QString &target, QString *error)
{
    const QString partial = pathFor(target);
    QFile::remove(target);
    if (!QFile::rename(partial, target)) {
        QFile::remove(partial);
        *error = QStringLiteral("cannot move %1 into place").arg(target);
        return false;
    }
    return true;
}

} // namespace Labforge
