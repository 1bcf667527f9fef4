// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QByteArray>
#include <QString>
#include <optional>

namespace Labforge {

// QJsonDocument keeps the last of two equal keys in one object and drops the other without
// a word: a lab file written by hand (or by another tool) would lose a value. This scans
// the text as written for the first object that holds a key twice.
class JsonDuplicateKeys
{
public:
    struct Duplicate
    {
        QString key;
        QString pointer; // of the second occurrence
        int line = 0; // 1-based, where its key starts
        int column = 0; // 1-based, in characters
    };
    // For a text that parses as JSON (QJsonDocument::fromJson without error); on other
    // text the result means nothing.
    static std::optional<Duplicate> first(const QByteArray &json);
};

} // namespace Labforge
