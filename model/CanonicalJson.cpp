// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "CanonicalJson.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QLocale>
#include <algorithm>
#include <cmath>

namespace Labforge {

namespace {

constexpr qsizetype InlineLimit = 100;

int keyRank(const QString &key)
{
    static const QHash<QString, int> ranks = [] {
        const char *order[] = {"format",
                               "name",
                               "uri",
                               "tunnel_address",
                               "tunnel_port",
                               "fabric",
                               "limits",
                               "memory_gb",
                               "vcpus",
                               "node_id",
                               "id",
                               "description",
                               "kind",
                               "role",
                               "type",
                               "enabled",
                               "gating",
                               "position",
                               "x",
                               "y",
                               "cidr",
                               "gateway",
                               "dns_servers",
                               "is_default_route",
                               "from",
                               "to",
                               "network",
                               "label",
                               "ip",
                               "interfaces",
                               "size_gb",
                               "bus",
                               "serial",
                               "disks",
                               "placement",
                               "host",
                               "recipe",
                               "base_image",
                               "hardware",
                               "min_memory_gb",
                               "min_cpu",
                               "features",
                               "packages",
                               "users",
                               "sudo",
                               "ssh",
                               "services",
                               "config",
                               "hosts",
                               "networks",
                               "nodes",
                               "links",
                               "plan",
                               "kubernetes",
                               "mode",
                               "version",
                               "controller",
                               "workers",
                               "pod_cidr",
                               "service_cidr",
                               "cni",
                               "bootstrap_token_ttl_seconds",
                               "scenarios",
                               "node",
                               "assertion",
                               "params",
                               "command",
                               "peer",
                               "delay_ms",
                               "jitter_ms",
                               "loss_percent",
                               "rate_mbit",
                               "timeout_seconds",
                               "interval_seconds",
                               "expect",
                               "equals",
                               "contains",
                               "matches",
                               "integer",
                               "op",
                               "value",
                               "line_count",
                               "steps",
                               "warnings",
                               "text"};
        QHash<QString, int> h;
        int rank = 0;
        for (const char *key : order)
            h.insert(QString::fromLatin1(key), rank++);
        return h;
    }();
    return ranks.value(key, ranks.size());
}

QByteArray number(double value)
{
    if (std::isfinite(value) && std::trunc(value) == value && std::fabs(value) < 9007199254740992.0)
        return QByteArray::number(qint64(value));
    return QString::number(value, 'g', QLocale::FloatingPointShortest).toUtf8();
}

QByteArray scalar(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Null:
    case QJsonValue::Undefined:
        return "null";
    case QJsonValue::Bool:
        return value.toBool() ? "true" : "false";
    case QJsonValue::Double:
        return number(value.toDouble());
    case QJsonValue::String:
        return CanonicalJson::quote(value.toString());
    default:
        return {};
    }
}

bool isScalar(const QJsonValue &value)
{
    return !value.isArray() && !value.isObject();
}

void writeValue(QByteArray &out, const QJsonValue &value, int depth);

void indent(QByteArray &out, int depth)
{
    out.append(QByteArray(qsizetype(depth) * 2, ' '));
}

void writeArray(QByteArray &out, const QJsonArray &array, int depth)
{
    if (array.isEmpty()) {
        out.append("[]");
        return;
    }
    if (std::all_of(array.begin(), array.end(), [](const QJsonValue &v) { return isScalar(v); })) {
        QByteArray line = "[";
        for (qsizetype i = 0; i < array.size(); ++i) {
            if (i)
                line.append(", ");
            line.append(scalar(array.at(i)));
        }
        line.append(']');
        if (line.size() + qsizetype(depth) * 2 <= InlineLimit) {
            out.append(line);
            return;
        }
    }
    out.append("[\n");
    for (qsizetype i = 0; i < array.size(); ++i) {
        indent(out, depth + 1);
        writeValue(out, array.at(i), depth + 1);
        out.append(i + 1 < array.size() ? ",\n" : "\n");
    }
    indent(out, depth);
    out.append(']');
}

void writeObject(QByteArray &out, const QJsonObject &object, int depth)
{
    if (object.isEmpty()) {
        out.append("{}");
        return;
    }
    QStringList keys = object.keys();
    std::stable_sort(keys.begin(), keys.end(), [](const QString &a, const QString &b) {
        const int ra = keyRank(a);
        const int rb = keyRank(b);
        return ra != rb ? ra < rb : a < b;
    });
    // Small objects of scalars (positions, interfaces, users) stay on one line.
    if (std::all_of(object.begin(), object.end(), [](const QJsonValue &v) { return isScalar(v); })) {
        QByteArray line = "{";
        for (qsizetype i = 0; i < keys.size(); ++i) {
            line.append(i ? ", " : "");
            line.append(CanonicalJson::quote(keys.at(i)));
            line.append(": ");
            line.append(scalar(object.value(keys.at(i))));
        }
        line.append('}');
        if (line.size() + qsizetype(depth) * 2 <= InlineLimit) {
            out.append(line);
            return;
        }
    }
    out.append("{\n");
    for (qsizetype i = 0; i < keys.size(); ++i) {
        indent(out, depth + 1);
        out.append(CanonicalJson::quote(keys.at(i)));
        out.append(": ");
        writeValue(out, object.value(keys.at(i)), depth + 1);
        out.append(i + 1 < keys.size() ? ",\n" : "\n");
    }
    indent(out, depth);
    out.append('}');
}

void writeValue(QByteArray &out, const QJsonValue &value, int depth)
{
    if (value.isArray())
        writeArray(out, value.toArray(), depth);
    else if (value.isObject())
        writeObject(out, value.toObject(), depth);
    else
        out.append(scalar(value));
}

} // namespace

QByteArray CanonicalJson::quote(const QString &text)
{
    QByteArray out;
    out.reserve(text.size() + 2);
    out.append('"');
    const QByteArray utf8 = text.toUtf8();
    for (const char ch : utf8) {
        const auto c = static_cast<unsigned char>(ch);
        switch (c) {
        case '"':
            out.append("\\\"");
            break;
        case '\\':
            out.append("\\\\");
            break;
        case '\b':
            out.append("\\b");
            break;
        case '\f':
            out.append("\\f");
            break;
        case '\n':
            out.append("\\n");
            break;
        case '\r':
            out.append("\\r");
            break;
        case '\t':
            out.append("\\t");
            break;
        default:
            if (c < 0x20)
                out.append(QStringLiteral("\\u%1").arg(c, 4, 16, QLatin1Char('0')).toLatin1());
            else
                out.append(ch);
        }
    }
    out.append('"');
    return out;
}

QByteArray CanonicalJson::write(const QJsonValue &value)
{
    QByteArray out;
    writeValue(out, value, 0);
    out.append('\n');
    return out;
}

} // namespace Labforge
