// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "JsonObjectReader.h"

#include "JsonPointer.h"

#include <cmath>

namespace Labforge {

JsonObjectReader::JsonObjectReader(const QJsonObject &object, const QString &pointer, const QStringList &allowedKeys,
                                   LoadErrors *errors)
    : m_object(object)
    , m_pointer(pointer)
    , m_errors(errors)
{
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (!allowedKeys.contains(it.key()))
            error(this->pointer(it.key()),
                  QStringLiteral("unknown key \"%1\" (allowed here: %2)")
                      .arg(it.key(), allowedKeys.join(QStringLiteral(", "))));
    }
}

QString JsonObjectReader::pointer(const QString &key) const
{
    return JsonPointer::append(m_pointer, key);
}

void JsonObjectReader::error(const QString &pointer, const QString &message)
{
    m_errors->append(LoadError {pointer, 0, 0, message});
}

QJsonValue JsonObjectReader::take(const QString &key, Need need, QJsonValue::Type type, const char *typeName)
{
    const auto it = m_object.constFind(key);
    if (it == m_object.constEnd()) {
        if (need == Required)
            error(pointer(key), QStringLiteral("missing required key \"%1\"").arg(key));
        return QJsonValue(QJsonValue::Undefined);
    }
    if (it->type() != type) {
        error(pointer(key), QStringLiteral("expected %1").arg(QLatin1String(typeName)));
        return QJsonValue(QJsonValue::Undefined);
    }
    return *it;
}

QString JsonObjectReader::string(const QString &key, Need need, const QString &fallback)
{
    const QJsonValue v = take(key, need, QJsonValue::String, "a string");
    return v.isString() ? v.toString() : fallback;
}

std::optional<QString> JsonObjectReader::optionalString(const QString &key)
{
    const QJsonValue v = take(key, Optional, QJsonValue::String, "a string");
    return v.isString() ? std::optional<QString>(v.toString()) : std::nullopt;
}

bool JsonObjectReader::boolean(const QString &key, Need need, bool fallback)
{
    const QJsonValue v = take(key, need, QJsonValue::Bool, "true or false");
    return v.isBool() ? v.toBool() : fallback;
}

std::optional<qint64> JsonObjectReader::optionalInteger(const QString &key)
{
    const QJsonValue v = take(key, Optional, QJsonValue::Double, "a number");
    if (!v.isDouble())
        return std::nullopt;
    const double d = v.toDouble();
    if (std::trunc(d) != d) {
        error(pointer(key), QStringLiteral("expected a whole number"));
        return std::nullopt;
    }
    if (std::fabs(d) > 9007199254740991.0) { // 2^53 - 1: beyond it a JSON number is not exact
        error(pointer(key), QStringLiteral("number out of range"));
        return std::nullopt;
    }
    return qint64(d);
}

int JsonObjectReader::integer(const QString &key, Need need, int fallback)
{
    if (!has(key)) {
        if (need == Required)
            error(pointer(key), QStringLiteral("missing required key \"%1\"").arg(key));
        return fallback;
    }
    const auto v = optionalInteger(key);
    if (!v)
        return fallback;
    if (*v < std::numeric_limits<int>::min() || *v > std::numeric_limits<int>::max()) {
        error(pointer(key), QStringLiteral("number out of range"));
        return fallback;
    }
    return int(*v);
}

double JsonObjectReader::number(const QString &key, Need need, double fallback)
{
    const QJsonValue v = take(key, need, QJsonValue::Double, "a number");
    return v.isDouble() ? v.toDouble() : fallback;
}

QStringList JsonObjectReader::stringList(const QString &key, Need need)
{
    const QJsonArray array = this->array(key, need);
    QStringList list;
    for (qsizetype i = 0; i < array.size(); ++i) {
        if (!array.at(i).isString()) {
            error(JsonPointer::append(pointer(key), i), QStringLiteral("expected a string"));
            continue;
        }
        list.append(array.at(i).toString());
    }
    return list;
}

QJsonObject JsonObjectReader::object(const QString &key, Need need)
{
    return take(key, need, QJsonValue::Object, "an object").toObject();
}

QJsonArray JsonObjectReader::array(const QString &key, Need need)
{
    return take(key, need, QJsonValue::Array, "an array").toArray();
}

} // namespace Labforge
