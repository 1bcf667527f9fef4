// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Lab.h"
#include "LoadError.h"

#include <QByteArray>
#include <QJsonParseError>
#include <optional>

namespace Labforge {

// Loads lab files (labforge/lab@2, and @1, converted). Strict: any syntax, type or shape
// error, or an unknown key, means no lab is returned, and every error names its place.
class LabReader
{
public:
    struct Result
    {
        std::optional<Lab> lab;
        LoadErrors errors;
        // What a conversion from an older format changed, place by place (shown, never fatal).
        LoadErrors notices;
        int version = 0; // the file's format version
        bool ok() const { return lab.has_value(); }
    };

    // Files larger than this are refused before parsing.
    static constexpr qint64 MaxFileSize = 32 * 1024 * 1024;

    static Result read(const QByteArray &data);
    // A JSON parse error of `data` at its line and column (in characters, from 1).
    static LoadError syntaxError(const QByteArray &data, const QJsonParseError &error);
    static Result readFile(const QString &path);
};

} // namespace Labforge
