// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "OpError.h"

#include <QCommandLineParser>
#include <QString>
#include <QTextStream>
#include <optional>

namespace Labforge {

// The parse-or-help step every CLI command starts with.
class CommandParser
{
public:
    // Parses; prints the error (exit 2) or the help (exit 0) and returns that code,
    // or returns nothing when the command should go on.
    static std::optional<int> parse(QCommandLineParser &parser, const QStringList &args, QTextStream &out,
                                    QTextStream &err);
    // The parser's help, its usage line naming `command` (e.g. "labforge node") instead of the
    // program's path.
    static QString helpText(const QCommandLineParser &parser, const QString &command);
    // False, after saying why, when --uri names a libvirt URI a lab's hosts could not give
    // (a password, a program or file for libvirt or ssh, …): what a run records is read back
    // under those rules.
    static bool acceptsUri(const QCommandLineParser &parser, const char *command, QTextStream &err);
    // Prints why an operation did not do it, as `labforge COMMAND: …` (a lab file's load errors
    // as they are: each names its file), and returns the command's exit status for it.
    static int fail(const OpError &error, const char *command, QTextStream &err);
};

} // namespace Labforge
