// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QJsonValue>
#include <QString>
#include <optional>

namespace Labforge {

// RFC 6901 JSON pointers, used to name the place of every load error and problem.
class JsonPointer
{
public:
    static QString append(const QString &base, const QString &key);
    static QString append(const QString &base, qsizetype index);
    static QString escape(const QString &key);
    // The reference tokens of `pointer`, unescaped ("/networks/0/cidr" -> networks, 0, cidr).
    static QStringList tokens(const QString &pointer);
    // The pointer (below `base`) of the deepest value of `a` and `b` that holds every
    // difference between them: the field an edit changed, or the object or array when it
    // changed several, or its size. None when they are equal.
    static std::optional<QString> enclosingDifference(const QJsonValue &a, const QJsonValue &b,
                                                      const QString &base = {});
};

} // namespace Labforge
