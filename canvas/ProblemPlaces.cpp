// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "ProblemPlaces.h"

#include <QStringList>

namespace Labforge {

ProblemPlaces::ProblemPlaces(const Problems &problems)
{
    for (const Problem &p : problems) {
        if (!p.nodeId.isEmpty())
            byNode[p.nodeId].append(p);
        const QStringList tokens = p.pointer.split(QLatin1Char('/'));
        QString key;
        if (tokens.size() >= 5 && tokens.at(1) == QLatin1String("nodes") && tokens.at(3) == QLatin1String("interfaces"))
            key = QStringList(tokens.mid(0, 5)).join(QLatin1Char('/'));
        else if (tokens.size() >= 3 && tokens.at(1) == QLatin1String("networks"))
            key = QStringList(tokens.mid(0, 3)).join(QLatin1Char('/'));
        if (!key.isEmpty())
            byPointer[key] += (byPointer[key].isEmpty() ? QString() : QStringLiteral("\n")) + p.message;
    }
}

} // namespace Labforge
