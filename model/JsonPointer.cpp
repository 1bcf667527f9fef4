#include "JsonPointer.h"

namespace Labforge {

QString JsonPointer::escape(const QString &key)
{
    QString escaped = key;
    escaped.replace(QLatin1Char('~'), QLatin1String("~0"));
    escaped.replace(QLatin1Char('/'), QLatin1String("~1"));
    return escaped;
}

QString JsonPointer::append(const QString &base, const QString &key)
{
    return base + QLatin1Char('/') + escape(key);
}

QString JsonPointer::append(const QString &base, qsizetype index)
{
    return base + QLatin1Char('/') + QString::number(index);
}

} // namespace Labforge
