// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "NodeClipboard.h"

#include "LabReader.h"
#include "LabWriter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace Labforge {

QByteArray NodeClipboard::encode(const Lab &lab, const QStringList &ids)
{
    QJsonArray nodes;
    for (const QString &id : ids) {
        if (const Node *n = lab.node(id))
            nodes.append(LabWriter::toJson(*n));
    }
    return QJsonDocument(QJsonObject {{QStringLiteral("labforge-nodes"), nodes}}).toJson(QJsonDocument::Compact);
}

std::optional<QList<Node>> NodeClipboard::decode(const QByteArray &json)
{
    const QJsonArray nodes = QJsonDocument::fromJson(json).object().value(QStringLiteral("labforge-nodes")).toArray();
    if (nodes.isEmpty())
        return std::nullopt;
    // The lab reader reads the node objects, wrapped in a minimal lab.
    const QJsonObject lab {{QStringLiteral("format"), Lab::formatString()},
                           {QStringLiteral("name"), QStringLiteral("clipboard")},
                           {QStringLiteral("networks"), QJsonArray()},
                           {QStringLiteral("nodes"), nodes}};
    const auto parsed = LabReader::read(QJsonDocument(lab).toJson());
    if (!parsed.ok())
        return std::nullopt;
    return parsed.lab->nodes;
}

} // namespace Labforge
