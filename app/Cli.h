// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "TerminalOutput.h"

#include <QStringList>
#include <QTextStream>
#include <functional>

namespace Labforge {

// The headless command line of the labforge binary. Each command parses its own
// options with QCommandLineParser and returns the process exit code.
class Cli
{
public:
    Cli();

    // True when the arguments name a CLI command (or --help/--version), so no window is needed.
    static bool wantsCli(const QStringList &arguments);
    int run(const QStringList &arguments);

private:
    struct Command
    {
        QString name;
        QString summary;
        std::function<int(const QStringList &)> run;
    };

    int cmdDesigner(const QStringList &args);
    int cmdTemplates(const QStringList &args);
    int cmdNew(const QStringList &args);
    int cmdValidate(const QStringList &args);
    int cmdFormat(const QStringList &args);
    int cmdGenerate(const QStringList &args);
    int cmdExportImage(const QStringList &args);

    QString usage() const;
    static QList<Command> commandTable(Cli *cli);

    QList<Command> m_commands;
    // Everything printed goes through TerminalOutput (no control character from a lab, a
    // kit or a guest reaches the terminal).
    TerminalOutput m_stdout {stdout};
    TerminalOutput m_stderr {stderr};
    QTextStream m_out;
    QTextStream m_err;
};

} // namespace Labforge
