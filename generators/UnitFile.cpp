// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "UnitFile.h"

#include "Template.h"

namespace Labforge {

QByteArray UnitFile::render(QStringList *errors) const
{
    QString extra;
    if (!requires_.isEmpty())
        extra += QStringLiteral("Requires=%1\n").arg(requires_.join(QLatin1Char(' ')));
    if (!before.isEmpty())
        extra += QStringLiteral("Before=%1\n").arg(before.join(QLatin1Char(' ')));
    QByteArray text = Template::render(QStringLiteral("openfactory-service.service"),
                                       {{QStringLiteral("DESCRIPTION"), description},
                                        {QStringLiteral("EXEC"), exec},
                                        {QStringLiteral("AFTER"), after.join(QLatin1Char(' '))},
                                        {QStringLiteral("WANTS"), wants.join(QLatin1Char(' '))},
                                        {QStringLiteral("EXTRA_UNIT"), extra},
                                        {QStringLiteral("TIMEOUT"), QString::number(timeoutSeconds)}},
                                       errors);
    text.replace(" \n", "\n");
    return text;
}

} // namespace Labforge
