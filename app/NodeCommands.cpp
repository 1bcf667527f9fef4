// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "NodeCommands.h"
#include "CommandParser.h"

#include "LabReader.h"
#include "RunnerPaths.h"
#include "SafeName.h"
#include "SshConfig.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>

#include <memory>
#include <unistd.h>
#include <vector>

namespace Labforge {

namespace {

// The arguments before `--` and the command after it.
std::pair<QStringList, QStringList> splitAtDashes(const QStringList &args)
{
    const qsizetype at = args.indexOf(QStringLiteral("--"));
    return at < 0 ? std::make_pair(args, QStringList()) : std::make_pair(args.mid(0, at), args.mid(at + 1));
}

// The run directory of LAB: a lab file's name, or the name of a lab brought up here.
QString runOf(const QString &lab, QTextStream &err, const char *command)
{
    QString name = lab;
    if (QFileInfo(lab).isFile()) {
        const LabReader::Result read = LabReader::readFile(lab);
        if (!read.lab) {
            for (const LoadError &e : read.errors)
                err << e.toString(lab) << '\n';
            return {};
        }
        name = read.lab->name;
    } else if (!SafeName::isValid(lab, SafeName::Kind::Lab)) {
        err << "labforge " << command << ": " << lab << " is neither a lab file nor a lab's name\n";
        return {};
    }
    QString error;
    QString run = RunnerPaths::run(name, &error);
    if (run.isEmpty() || !QFile::exists(SshConfig::path(run))) {
        err << "labforge " << command << ": lab " << name << " is not up here (no ssh_config in "
            << (run.isEmpty() ? error : run) << "); `labforge up` brings it up\n";
        return {};
    }
    QDir().mkpath(run + QStringLiteral("/ssh"));
    QFile::setPermissions(run + QStringLiteral("/ssh"), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    return run;
}

} // namespace

int NodeCommands::ssh(const QStringList &args, QTextStream &out, QTextStream &err)
{
    const auto [options, command] = splitAtDashes(args);
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Open a shell on a node of a lab that is up (or run one command there), as the lab's SSH "
                       "user, with the run's key and the node's pinned host key. The exit status is the remote "
                       "command's."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("LAB"),
                                 QStringLiteral("The lab file, or the name of a lab that is up."));
    parser.addPositionalArgument(QStringLiteral("NODE"), QStringLiteral("The node."));
    parser.addPositionalArgument(QStringLiteral("-- CMD"), QStringLiteral("A command to run instead of a shell."),
                                 QStringLiteral("[-- CMD…]"));
    if (const auto done = CommandParser::parse(parser, options, out, err))
        return *done;
    const QStringList given = parser.positionalArguments();
    if (given.size() != 2) {
        err << "labforge ssh: give LAB and NODE (and -- CMD… for one command)\n";
        return 2;
    }
    const QString run = runOf(given.at(0), err, "ssh");
    if (run.isEmpty())
        return 2;
    const QString config = SshConfig::path(run);
    if (!SshConfig::nodes(config).contains(given.at(1))) {
        err << "labforge ssh: the lab has no node " << given.at(1)
            << " that SSH reaches (nodes: " << SshConfig::nodes(config).join(QStringLiteral(", ")) << ")\n";
        return 2;
    }
    out.flush();
    err.flush();
    // ssh takes over this process: the terminal, the signals and the exit status are its own.
    QList<QByteArray> argv {"ssh", "-F", QFile::encodeName(config)};
    if (!command.isEmpty())
        argv.append("-T");
    argv.append(given.at(1).toUtf8());
    if (!command.isEmpty()) {
        argv.append("--");
        for (const QString &c : command)
            argv.append(c.toUtf8());
    }
    std::vector<char *> raw;
    for (QByteArray &a : argv)
        raw.push_back(a.data());
    raw.push_back(nullptr);
    ::execvp("ssh", raw.data());
    err << "labforge ssh: cannot run ssh: " << qt_error_string(errno) << '\n';
    return 2;
}

int NodeCommands::exec(const QStringList &args, QTextStream &out, QTextStream &err)
{
    const auto [options, command] = splitAtDashes(args);
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Run one command on nodes of a lab that is up, all at once. Each line of output is prefixed "
                       "with its node; the exit status is the worst of the nodes'."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("LAB"),
                                 QStringLiteral("The lab file, or the name of a lab that is up."));
    parser.addPositionalArgument(QStringLiteral("NODE"), QStringLiteral("The nodes (or --all)."),
                                 QStringLiteral("[NODE…]"));
    parser.addPositionalArgument(QStringLiteral("-- CMD"), QStringLiteral("The command."), QStringLiteral("-- CMD…"));
    parser.addOption(QCommandLineOption(QStringLiteral("all"), QStringLiteral("Every node SSH reaches.")));
    parser.addOption(
        QCommandLineOption(QStringLiteral("json"),
                           QStringLiteral("Print one JSON object: per node, its exit status, output and errors.")));
    if (const auto done = CommandParser::parse(parser, options, out, err))
        return *done;
    QStringList given = parser.positionalArguments();
    if (given.isEmpty() || command.isEmpty() || (given.size() == 1) != parser.isSet(QStringLiteral("all"))) {
        err << "labforge exec: give LAB, then NODE… or --all, then -- CMD…\n";
        return 2;
    }
    const QString run = runOf(given.takeFirst(), err, "exec");
    if (run.isEmpty())
        return 2;
    const QString config = SshConfig::path(run);
    const QStringList nodes = parser.isSet(QStringLiteral("all")) ? SshConfig::nodes(config) : given;
    for (const QString &n : nodes) {
        if (!SshConfig::nodes(config).contains(n)) {
            err << "labforge exec: the lab has no node " << n
                << " that SSH reaches (nodes: " << SshConfig::nodes(config).join(QStringLiteral(", ")) << ")\n";
            return 2;
        }
    }
    std::vector<std::unique_ptr<QProcess>> processes;
    for (const QString &n : nodes) {
        auto p = std::make_unique<QProcess>();
        p->start(QStringLiteral("ssh"),
                 QStringList {QStringLiteral("-F"), config, QStringLiteral("-T"), QStringLiteral("-o"),
                              QStringLiteral("BatchMode=yes"), n, QStringLiteral("--")}
                     + command);
        processes.push_back(std::move(p));
    }
    int worst = 0;
    QJsonObject json;
    for (size_t i = 0; i < processes.size(); ++i) {
        QProcess &p = *processes[i];
        const QString &node = nodes.at(qsizetype(i));
        p.waitForFinished(-1);
        const int code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : 255;
        worst = std::max(worst, code);
        const QString stdoutText = QString::fromUtf8(p.readAllStandardOutput());
        const QString stderrText = QString::fromUtf8(p.readAllStandardError());
        if (parser.isSet(QStringLiteral("json"))) {
            json.insert(node,
                        QJsonObject {{QStringLiteral("exit"), code},
                                     {QStringLiteral("stdout"), stdoutText},
                                     {QStringLiteral("stderr"), stderrText}});
            continue;
        }
        for (const QString &line : stdoutText.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
            out << node << " | " << line << '\n';
        for (const QString &line : stderrText.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
            err << node << " ! " << line << '\n';
        if (code != 0)
            err << node << " exited with " << code << '\n';
    }
    if (parser.isSet(QStringLiteral("json")))
        out << QJsonDocument(QJsonObject {{QStringLiteral("nodes"), json}, {QStringLiteral("exit"), worst}})
                   .toJson(QJsonDocument::Indented);
    return worst;
}

} // namespace Labforge
