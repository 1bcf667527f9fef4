// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "LabReader.h"
#include "PinsLock.h"

#include <QCommandLineParser>

namespace Labforge {

// Where a CLI command takes its lab from: a file argument, or --template NAME
// for a built-in lab. Keeps every command's "load or explain why not" the same.
class LabSource
{
public:
    static void addOptions(QCommandLineParser &parser);
    // Loads the lab named by the parser; on failure prints the errors to `err`.
    static std::optional<Lab> load(const QCommandLineParser &parser, QTextStream &err, QString *label = nullptr);
    // The lock given with --pins (when the parser has that option and it is set), else the
    // built-in one; a file that cannot be used is explained on `err`.
    static std::optional<PinsLock> pins(const QCommandLineParser &parser, QTextStream &err);
};

} // namespace Labforge
