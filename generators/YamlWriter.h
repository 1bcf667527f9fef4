// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QByteArray>
#include <QJsonValue>
#include <QList>

namespace Labforge {

// Writes JSON values as block-style YAML (maps sorted by key, strings quoted when
// YAML would read them as something else). Several documents join with "---".
class YamlWriter
{
public:
    static QByteArray write(const QJsonValue &value);
    static QByteArray writeDocuments(const QList<QJsonValue> &documents, const QByteArray &header = {});
};

} // namespace Labforge
