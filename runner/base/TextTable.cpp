// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "TextTable.h"

namespace Labforge {

QString TextTable::render(const QList<QStringList> &rows, const QString &separator)
{
    QList<qsizetype> width;
    for (const QStringList &row : rows) {
        for (qsizetype i = 0; i < row.size(); ++i) {
            if (width.size() <= i)
                width.append(0);
            width[i] = std::max(width[i], row[i].size());
        }
    }
    QString text;
    for (const QStringList &row : rows) {
        QStringList cells;
        for (qsizetype i = 0; i < row.size(); ++i)
            cells.append(i == 0 ? row[i].leftJustified(width[i]) : row[i].rightJustified(width[i]));
        text += cells.join(separator) + QLatin1Char('\n');
    }
    return text;
}

} // namespace Labforge
