// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "JsonDuplicateKeys.h"

#include "JsonPointer.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QList>
#include <QSet>

namespace Labforge {

namespace {

struct Frame
{
    bool object = false;
    QString pointer;
    QSet<QString> keys; // an object's, so far
    QString key; // an object's current key
    bool expectKey = true; // an object's next string is a key
    qsizetype index = 0; // an array's current element
};

// A string token's text (the quotes included) as JSON means it.
QString decoded(const QByteArray &token)
{
    if (!token.contains('\\'))
        return QString::fromUtf8(token.mid(1, token.size() - 2));
    const QJsonDocument doc = QJsonDocument::fromJson('[' + token + ']');
    return doc.array().at(0).toString();
}

} // namespace

std::optional<JsonDuplicateKeys::Duplicate> JsonDuplicateKeys::first(const QByteArray &json)
{
    QList<Frame> stack;
    int line = 1;
    qsizetype lineStart = 0;
    const auto column = [&](qsizetype at) {
        int characters = 0;
        for (qsizetype i = lineStart; i < at; ++i)
            characters += (uchar(json.at(i)) & 0xc0) != 0x80; // UTF-8 continuation bytes are no character
        return characters + 1;
    };
    // The pointer of a value that starts here: the current key's or element's.
    const auto childPointer = [&stack]() {
        if (stack.isEmpty())
            return QString();
        const Frame &top = stack.constLast();
        return top.object ? JsonPointer::append(top.pointer, top.key) : JsonPointer::append(top.pointer, top.index);
    };
    for (qsizetype i = 0; i < json.size(); ++i) {
        const char c = json.at(i);
        switch (c) {
        case '\n':
            ++line;
            lineStart = i + 1;
            break;
        case '{':
        case '[': {
            Frame frame;
            frame.object = c == '{';
            frame.pointer = childPointer();
            stack.append(frame);
            break;
        }
        case '}':
        case ']':
            if (!stack.isEmpty())
                stack.removeLast();
            break;
        case ',':
            if (!stack.isEmpty()) {
                Frame &top = stack.last();
                if (top.object)
                    top.expectKey = true;
                else
                    ++top.index;
            }
            break;
        case '"': {
            qsizetype end = i + 1;
            while (end < json.size() && json.at(end) != '"')
                end += json.at(end) == '\\' ? 2 : 1;
            const qsizetype start = i;
            i = std::min(end, json.size() - 1);
            if (stack.isEmpty() || !stack.constLast().object || !stack.constLast().expectKey)
                break; // a string value
            Frame &top = stack.last();
            const QString key = decoded(json.mid(start, end - start + 1));
            top.expectKey = false;
            if (top.keys.contains(key))
                return Duplicate {key, JsonPointer::append(top.pointer, key), line, column(start)};
            top.keys.insert(key);
            top.key = key;
            break;
        }
        default:
            break;
        }
    }
    return std::nullopt;
}

} // namespace Labforge
