#pragma once

#include <QString>

namespace Labforge {

// RFC 6901 JSON pointers, used to name the place of every load error and problem.
class JsonPointer
{
public:
    static QString append(const QString &base, const QString &key);
    static QString append(const QString &base, qsizetype index);
    static QString escape(const QString &key);
};

} // namespace Labforge
