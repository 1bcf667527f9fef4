// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

// The commands a benchmark runs on this machine as a user would type them (vmdb2,
// virt-install, vagrant, ssh, the labforge binary), each echoed; with `--dry-run` they are
// only printed, files to be written are printed with their contents, and every command
// "succeeds" without running.
class BenchShell
{
public:
    struct Command
    {
        QString program;
        QStringList args;
        QMap<QString, QString> env {}; // added to this process's environment
        QString workDir {};
    };
    struct Target // a guest SSH must reach with the right hostname
    {
        QString ip;
        QString hostname;
    };

    static void setDryRun(bool dryRun);
    static bool dryRunAsked(int argc, char **argv); // whether `--dry-run` is among the arguments
    static bool dryRun();
    static QString line(const Command &c); // the command as a shell line

    // Runs one command to its end; its merged output in `output`, false (and the output's tail
    // on stderr) when it fails or outlasts `timeoutS`.
    static bool run(const Command &c, QString *output = nullptr, int timeoutS = 3600);
    // Runs the commands at once, at most `jobs` at a time; false when any fails.
    static bool runParallel(const QList<Command> &commands, int jobs, int timeoutS = 3600);
    static bool writeFile(const QString &path, const QString &text);

    // Polls `ssh user@ip hostname` with `key` on every target at once, once a second, until
    // each answers its own hostname; false after `timeoutS`.
    static bool waitForSsh(const QList<Target> &targets, const QString &user, const QString &key, int timeoutS);
    // Runs `command` by SSH on every target at once until it exits 0 on each (again once a
    // second while not); false after `timeoutS`.
    static bool checkAll(const QList<Target> &targets, const QString &user, const QString &key, const QString &command,
                         int timeoutS);
    static QStringList sshArgs(const QString &user, const QString &key, const QString &ip, const QString &command);
};
