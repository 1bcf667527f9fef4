// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QCommandLineParser>
#include <QLocale>
#include <QString>
#include <QStringList>

namespace Labforge {

// What the designer is opened with: `labforge [FILE]`, `labforge designer [FILE] [options]`.
// One parser for the window and for `labforge designer --help`, so the help says what the
// window reads.
class DesignerOptions
{
public:
    // The command word that names the designer (optional: without a command, labforge opens it).
    static constexpr const char *Command = "designer";

    DesignerOptions();

    // Whether `arguments` (the program's, program name first) name the designer by its word.
    static bool named(const QStringList &arguments);
    // Parses the program's arguments (the command word, if any, already left out); false, with
    // errorText(), when they do not parse.
    bool parse(const QStringList &arguments);
    QString errorText() const;
    QString helpText() const;
    bool helpAsked() const;

    QString file() const;
    QString templateName() const;
    QString report() const;
    QString screenshot() const;
    // The language the window speaks: --language, else the system's.
    QLocale locale() const;
    // A --language value that names no language.
    bool languageUnknown() const;

private:
    QCommandLineParser m_parser;
};

} // namespace Labforge
