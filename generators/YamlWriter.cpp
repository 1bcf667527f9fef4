// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "YamlWriter.h"

#include "CanonicalJson.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>
#include <cmath>

namespace Labforge {

namespace {

QByteArray scalar(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Bool:
        return v.toBool() ? "true" : "false";
    case QJsonValue::Double: {
        const double d = v.toDouble();
        if (std::trunc(d) == d && std::fabs(d) < 9007199254740992.0)
            return QByteArray::number(qint64(d));
        return QByteArray::number(d, 'g', 17);
    }
    case QJsonValue::String: {
        // Plain only when YAML 1.1 and 1.2 both read it back as this exact string.
        static const QRegularExpression plain(
            QRegularExpression::anchoredPattern(QStringLiteral("[A-Za-z_/][A-Za-z0-9_./-]*")));
        static const QRegularExpression special(QRegularExpression::anchoredPattern(QStringLiteral(
            "(y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF|null|Null|NULL|~)")));
        const QString s = v.toString();
        if (plain.match(s).hasMatch() && !special.match(s).hasMatch())
            return s.toUtf8();
        return CanonicalJson::quote(s); // a JSON string is a valid YAML double-quoted scalar
    }
    default:
        return "null";
    }
}

QByteArray key(const QString &k)
{
    return scalar(QJsonValue(k));
}

bool isEmptyContainer(const QJsonValue &v)
{
    return (v.isObject() && v.toObject().isEmpty()) || (v.isArray() && v.toArray().isEmpty());
}

void write(QByteArray &out, const QJsonValue &value, int indent);

void writeObject(QByteArray &out, const QJsonObject &o, int indent)
{
    const QByteArray pad(indent, ' ');
    for (auto it = o.begin(); it != o.end(); ++it) {
        out += pad + key(it.key()) + ':';
        const QJsonValue v = it.value();
        if (isEmptyContainer(v)) {
            out += v.isObject() ? " {}\n" : " []\n";
        } else if (v.isObject()) {
            out += '\n';
            writeObject(out, v.toObject(), indent + 2);
        } else if (v.isArray()) {
            out += '\n';
            write(out, v, indent);
        } else {
            out += ' ' + scalar(v) + '\n';
        }
    }
}

void write(QByteArray &out, const QJsonValue &value, int indent)
{
    const QByteArray pad(indent, ' ');
    if (value.isObject()) {
        writeObject(out, value.toObject(), indent);
        return;
    }
    if (value.isArray()) {
        for (const QJsonValue item : value.toArray()) {
            if (item.isObject() && !item.toObject().isEmpty()) {
                // "- key: value" with the rest of the map aligned under the first key.
                QByteArray nested;
                writeObject(nested, item.toObject(), indent + 2);
                nested.replace(0, indent + 2, pad + "- ");
                out += nested;
            } else if (item.isArray() && !item.toArray().isEmpty()) {
                out += pad + "-\n";
                write(out, item, indent + 2);
            } else if (isEmptyContainer(item)) {
                out += pad + (item.isObject() ? "- {}\n" : "- []\n");
            } else {
                out += pad + "- " + scalar(item) + '\n';
            }
        }
        return;
    }
    out += pad + scalar(value) + '\n';
}

} // namespace

QByteArray YamlWriter::write(const QJsonValue &value)
{
    QByteArray out;
    Labforge::write(out, value, 0);
    return out;
}

QByteArray YamlWriter::writeDocuments(const QList<QJsonValue> &documents, const QByteArray &header)
{
    QByteArray out = header;
    for (qsizetype i = 0; i < documents.size(); ++i) {
        if (i > 0 || !header.isEmpty())
            out += "---\n";
        out += write(documents.at(i));
    }
    return out;
}

} // namespace Labforge
