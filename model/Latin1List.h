// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QStringList>
#include <initializer_list>

namespace Labforge {

// QStringList from Latin-1 literals, for the catalogs' fixed word lists.
class Latin1List
{
public:
    static QStringList of(std::initializer_list<const char *> items)
    {
        QStringList out;
        out.reserve(qsizetype(items.size()));
        for (const char *item : items)
            out.append(QString::fromLatin1(item));
        return out;
    }
};

} // namespace Labforge
