// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "LoadError.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QStringList>
#include <optional>

namespace Labforge {

// Reads the members of one JSON object with exact types, recording an error with
// the member's JSON pointer for each missing, mistyped or unknown key. Unknown
// keys are errors because dropping them would lose data on the next save.
class JsonObjectReader
{
public:
    enum Need { Required, Optional };

    JsonObjectReader(const QJsonObject &object, const QString &pointer, const QStringList &allowedKeys,
                     LoadErrors *errors);

    QString pointer() const { return m_pointer; }
    QString pointer(const QString &key) const;
    bool has(const QString &key) const { return m_object.contains(key); }

    QString string(const QString &key, Need need = Required, const QString &fallback = {});
    std::optional<QString> optionalString(const QString &key);
    bool boolean(const QString &key, Need need = Required, bool fallback = false);
    int integer(const QString &key, Need need = Required, int fallback = 0);
    std::optional<qint64> optionalInteger(const QString &key);
    double number(const QString &key, Need need = Required, double fallback = 0);
    QStringList stringList(const QString &key, Need need = Required);
    QJsonObject object(const QString &key, Need need = Required);
    QJsonArray array(const QString &key, Need need = Required);

    void error(const QString &pointer, const QString &message);

private:
    QJsonValue take(const QString &key, Need need, QJsonValue::Type type, const char *typeName);

    QJsonObject m_object;
    QString m_pointer;
    LoadErrors *m_errors;
};

} // namespace Labforge
