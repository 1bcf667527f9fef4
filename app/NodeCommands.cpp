// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "NodeCommands.h"
#include "CommandParser.h"

#include "HostCommand.h"
#include "LabReader.h"
#include "Libvirt.h"
#include "LiveLab.h"
#include "NodeOps.h"
#include "RunInventory.h"
#include "SerialConsole.h"
#include "SshConfig.h"

#include <QCommandLineParser>
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

} // namespace

// The run directory of LAB: a lab file's name, or the name of a lab brought up here.
QString NodeCommands::runOf(const QString &lab, QTextStream &err, const char *command)
{
    const Outcome<LiveLab::Run> live = LiveLab::run(lab);
    if (!live) {
        CommandParser::fail(live.error(), command, err);
        return {};
    }
    return live->directory;
}

QHash<QString, QString> NodeCommands::nodeRoles(const QString &lab, const QString &run)
{
    QHash<QString, QString> roles;
    // The lab file given, else the roles the run recorded.
    if (QFileInfo(lab).isFile()) {
        if (const LabReader::Result read = LabReader::readFile(lab); read.lab) {
            for (const Node &n : read.lab->nodes)
                roles.insert(n.id, n.role);
        }
    }
    RunInventory inventory(run);
    QString error;
    if (inventory.load(&error)) {
        for (const RunInventory::Domain &d : inventory.domains) {
            if (!d.role.isEmpty() && !roles.contains(d.node))
                roles.insert(d.node, d.role);
        }
    }
    return roles;
}

void NodeCommands::addLabArgument(QCommandLineParser &parser)
{
    parser.addPositionalArgument(QStringLiteral("LAB"),
                                 QStringLiteral("The lab file, or the name of a lab that is up."));
}

int NodeCommands::ssh(const QStringList &args, QTextStream &out, QTextStream &err)
{
    const auto [options, command] = splitAtDashes(args);
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Open a shell on a node of a lab that is up (or run one command there), as the lab's SSH "
                       "user, with the run's key and the node's pinned host key. The exit status is the remote "
                       "command's."));
    parser.addHelpOption();
    NodeCommands::addLabArgument(parser);
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
    // The allow-listed environment (no LABFORGE_* secret), and the terminal's type for the shell.
    QProcessEnvironment clean = HostCommand::cleanEnvironment();
    if (const QByteArray term = qgetenv("TERM"); !term.isEmpty())
        clean.insert(QStringLiteral("TERM"), QString::fromLocal8Bit(term));
    QList<QByteArray> environment;
    for (const QString &e : clean.toStringList())
        environment.append(e.toLocal8Bit());
    std::vector<char *> envp;
    for (QByteArray &e : environment)
        envp.push_back(e.data());
    envp.push_back(nullptr);
    ::execvpe("ssh", raw.data(), envp.data());
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
    NodeCommands::addLabArgument(parser);
    parser.addPositionalArgument(QStringLiteral("NODE"), QStringLiteral("The nodes (or --all, or --role)."),
                                 QStringLiteral("[NODE…]"));
    parser.addPositionalArgument(QStringLiteral("-- CMD"), QStringLiteral("The command."), QStringLiteral("-- CMD…"));
    parser.addOption(QCommandLineOption(QStringLiteral("all"), QStringLiteral("Every node SSH reaches.")));
    parser.addOption(QCommandLineOption(QStringLiteral("role"),
                                        QStringLiteral("The nodes of this role (compute, controller …); repeatable."),
                                        QStringLiteral("ROLE")));
    parser.addOption(
        QCommandLineOption(QStringLiteral("json"),
                           QStringLiteral("Print one JSON object: per node, its exit status, output and errors.")));
    if (const auto done = CommandParser::parse(parser, options, out, err))
        return *done;
    QStringList given = parser.positionalArguments();
    const QStringList roles = parser.values(QStringLiteral("role"));
    const int choices = int(given.size() > 1) + int(parser.isSet(QStringLiteral("all"))) + int(!roles.isEmpty());
    if (given.isEmpty() || command.isEmpty() || choices != 1) {
        err << "labforge exec: give LAB, then NODE…, --all or --role ROLE, then -- CMD…\n";
        return 2;
    }
    const QString lab = given.takeFirst();
    const QString run = runOf(lab, err, "exec");
    if (run.isEmpty())
        return 2;
    const QString config = SshConfig::path(run);
    QStringList nodes = parser.isSet(QStringLiteral("all")) ? SshConfig::nodes(config) : given;
    if (!roles.isEmpty()) {
        const QHash<QString, QString> roleOf = nodeRoles(lab, run);
        QStringList known;
        for (const QString &n : SshConfig::nodes(config)) {
            if (roles.contains(roleOf.value(n)))
                nodes.append(n);
            known.append(n + u'=' + roleOf.value(n, QStringLiteral("?")));
        }
        if (nodes.isEmpty()) {
            err << "labforge exec: the lab has no node of role " << roles.join(QStringLiteral(" or "))
                << " that SSH reaches (nodes: " << known.join(QStringLiteral(", ")) << ")\n";
            return 2;
        }
    }
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
        p->setProcessEnvironment(HostCommand::cleanEnvironment());
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

int NodeCommands::console(const QStringList &args, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Attach to a node's serial console through libvirt (it works when SSH does not: a node stuck in "
                       "its boot, a cut network). Ctrl+] detaches. Only one client holds a console at a time; "
                       "--read-only follows its output without taking it."));
    parser.addHelpOption();
    NodeCommands::addLabArgument(parser);
    parser.addPositionalArgument(QStringLiteral("NODE"), QStringLiteral("The node."));
    parser.addOption(QCommandLineOption(
        QStringLiteral("read-only"),
        QStringLiteral("Follow the console's output (its log) without taking the console; Ctrl+C ends.")));
    parser.addOption(QCommandLineOption(QStringLiteral("force"),
                                        QStringLiteral("Take the console over from the client that holds it.")));
    parser.addOption(QCommandLineOption(
        QStringLiteral("raw"),
        QStringLiteral("Pass the guest's bytes to the terminal as they are, escape sequences included (by default "
                       "control characters are shown as \\xNN).")));
    parser.addOption(QCommandLineOption(QStringLiteral("seconds"),
                                        QStringLiteral("Detach after S seconds (for scripts)."), QStringLiteral("S")));
    if (const auto done = CommandParser::parse(parser, args, out, err))
        return *done;
    const QStringList given = parser.positionalArguments();
    if (given.size() != 2) {
        err << "labforge console: give LAB and NODE\n";
        return 2;
    }
    bool numeric = true;
    const int seconds =
        parser.isSet(QStringLiteral("seconds")) ? parser.value(QStringLiteral("seconds")).toInt(&numeric) : 0;
    if (!numeric || seconds < 0) {
        err << "labforge console: --seconds takes a number of seconds\n";
        return 2;
    }
    const QString run = runOf(given.at(0), err, "console");
    if (run.isEmpty())
        return 2;
    RunInventory inventory(run);
    QString error;
    if (!inventory.load(&error)) {
        err << "labforge console: " << error << '\n';
        return 2;
    }
    const RunInventory::Domain *domain = inventory.domainOf(given.at(1));
    if (!domain) {
        err << "labforge console: the run has no VM for node " << given.at(1) << '\n';
        return 2;
    }
    out.flush();
    const bool raw = parser.isSet(QStringLiteral("raw"));
    if (parser.isSet(QStringLiteral("read-only"))) {
        if (inventory.uriOf(domain->name) != inventory.uri) {
            err << "labforge console: --read-only follows the console log, which is on the host of " << given.at(1)
                << " (" << inventory.uriOf(domain->name) << ")\n";
            return 2;
        }
        // The record is a file anyone who can write the cache may have changed: only a log
        // inside the run is read.
        if (!inventory.owns(domain->consoleLog)) {
            err << "labforge console: " << inventory.path() << " names the console log " << domain->consoleLog
                << ", which is not in the run's directory; not reading it\n";
            return 2;
        }
        if (!SerialConsole::follow(domain->consoleLog, 20, seconds, STDOUT_FILENO, raw, &error)) {
            err << "labforge console: " << error << '\n';
            return 1;
        }
        return 0;
    }
    Libvirt virt(inventory.uriOf(domain->name));
    if (!virt.isOpen() || virt.domainOwner(domain->name).run != inventory.runId) {
        err << "labforge console: "
            << (virt.isOpen() ? QStringLiteral("domain %1 is not this run's VM").arg(domain->name) : virt.openError())
            << '\n';
        return 2;
    }
    err << "labforge console: " << given.at(1) << " (" << domain->name << "); Ctrl+] detaches\r\n";
    err.flush();
    SerialConsole::Options options;
    options.force = parser.isSet(QStringLiteral("force"));
    options.seconds = seconds;
    options.raw = raw;
    const SerialConsole::End end =
        SerialConsole::attach(virt, domain->name, STDIN_FILENO, STDOUT_FILENO, options, &error);
    switch (end) {
    case SerialConsole::End::Detached:
    case SerialConsole::End::TimeUp:
        err << "\r\nlabforge console: detached\n";
        return 0;
    case SerialConsole::End::Closed:
        err << "\r\nlabforge console: the console closed (the VM stopped)\n";
        return 1;
    case SerialConsole::End::Failed:
        break;
    }
    err << "\r\nlabforge console: " << error << '\n';
    return 1;
}

int NodeCommands::node(const QStringList &args, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Stop, start, restart or power-cycle one node of a lab that is up, through libvirt on the run's "
                       "own VM. stop asks the guest to power off (ACPI) and powers it off after --timeout; start and "
                       "the restarts wait until the node answers over SSH with a new boot. Exit 0 done, 1 failed, 2 "
                       "unusable."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("ACTION"), QStringLiteral("stop, start, restart or power-cycle."));
    NodeCommands::addLabArgument(parser);
    parser.addPositionalArgument(QStringLiteral("NODE"), QStringLiteral("The node."));
    parser.addOption(QCommandLineOption(QStringLiteral("force"), QStringLiteral("stop: power off at once.")));
    parser.addOption(QCommandLineOption(QStringLiteral("no-wait"),
                                        QStringLiteral("start: return once the VM runs, without waiting for SSH.")));
    parser.addOption(QCommandLineOption(
        QStringLiteral("timeout"),
        QStringLiteral("Seconds to wait: for the guest to power off (stop, default 60) or to answer (default 600)."),
        QStringLiteral("S")));
    if (const auto done = CommandParser::parse(parser, args, out, err))
        return *done;
    const QStringList given = parser.positionalArguments();
    const Outcome<NodeOps::Action> action = NodeOps::action(given.value(0));
    if (given.size() != 3 || !action) {
        err << "labforge node: give ACTION (" << NodeOps::words().join(QStringLiteral(", ")) << "), LAB and NODE\n";
        return 2;
    }
    bool numeric = true;
    NodeOps::Options options;
    options.force = parser.isSet(QStringLiteral("force"));
    options.noWait = parser.isSet(QStringLiteral("no-wait"));
    options.timeoutSeconds = parser.isSet(QStringLiteral("timeout"))
        ? parser.value(QStringLiteral("timeout")).toInt(&numeric)
        : NodeOps::defaultTimeout(*action);
    if (!numeric || options.timeoutSeconds < 1 || options.timeoutSeconds > 86400) {
        err << "labforge node: --timeout takes seconds from 1 to 86400\n";
        return 2;
    }
    const Outcome<NodeOps::Done> done = NodeOps::run(given.at(1), *action, given.at(2), options, CancelToken());
    if (!done)
        return CommandParser::fail(done.error(), "node", err);
    out << done->runnerWords << '\n';
    return 0;
}

} // namespace Labforge
