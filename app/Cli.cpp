// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "Cli.h"
#include "CommandParser.h"
#include "DesignerOptions.h"

#include "AccelCommand.h"
#include "BundleGenerator.h"
#include "BundleWriter.h"
#include "CodeHighlighting.h"
#include "DiagramExporter.h"
#include "KitCommand.h"
#include "LabDocument.h"
#include "LabScene.h"
#include "LabSource.h"
#include "LabWriter.h"
#include "LinkCommands.h"
#include "NodeCommands.h"
#include "OutputFile.h"
#include "PinsCommand.h"
#include "PinsLock.h"
#include "RunCommands.h"
#include "SnapshotCommand.h"
#include "StatusCommand.h"
#include "Templates.h"
#include "TestCommands.h"
#include "Validator.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace Labforge {

namespace {

// Exit codes shared by the commands (netlab-style for validate and test).
constexpr int ExitOk = 0;
constexpr int ExitFailed = 1;
constexpr int ExitUnusable = 2;

void setupParser(QCommandLineParser &parser, const QString &description)
{
    parser.setApplicationDescription(description);
    parser.addHelpOption();
}

} // namespace

Cli::Cli()
    : m_out(&m_stdout)
    , m_err(&m_stderr)
{
    m_commands = commandTable(this);
}

QList<Cli::Command> Cli::commandTable(Cli *cli)
{
    return {
        {QStringLiteral("templates"), QStringLiteral("List the built-in labs."),
         [cli](const QStringList &a) {
             return cli->cmdTemplates(a);
         }},
        {QStringLiteral("new"), QStringLiteral("Write a new lab file from a built-in lab."),
         [cli](const QStringList &a) {
             return cli->cmdNew(a);
         }},
        {QStringLiteral("validate"), QStringLiteral("Check a lab; exit 0 valid, 1 errors, 2 unreadable."),
         [cli](const QStringList &a) {
             return cli->cmdValidate(a);
         }},
        {QStringLiteral("generate"),
         QStringLiteral("Write the bundle (plan, recipes, image overlays, scenarios) of a lab."),
         [cli](const QStringList &a) {
             return cli->cmdGenerate(a);
         }},
        {QStringLiteral("build"), QStringLiteral("Build the role images of a lab (stale ones only)."),
         [cli](const QStringList &a) {
             return RunCommands::build(a, cli->m_out, cli->m_err);
         }},
        {QStringLiteral("up"), QStringLiteral("Build what is stale, boot the lab on libvirt, wait for SSH."),
         [cli](const QStringList &a) {
             return RunCommands::up(a, cli->m_out, cli->m_err);
         }},
        {QStringLiteral("down"), QStringLiteral("Remove every domain, network and disk file of a lab's run."),
         [cli](const QStringList &a) {
             return RunCommands::down(a, cli->m_out, cli->m_err);
         }},
        {QStringLiteral("ssh"), QStringLiteral("Open a shell on a node of a lab that is up, or run one command there."),
         [cli](const QStringList &a) {
             return NodeCommands::ssh(a, cli->m_out, cli->m_err);
         }},
        {QStringLiteral("exec"), QStringLiteral("Run one command on nodes of a lab that is up, all at once."),
         [cli](const QStringList &a) {
             return NodeCommands::exec(a, cli->m_out, cli->m_err);
         }},
        {QStringLiteral("status"),
         QStringLiteral("Show the labs that are up (nodes, hosts, last verdict) and labforge's orphans."),
         [cli](const QStringList &a) {
             return StatusCommand::run(a, cli->m_out, cli->m_err);
         }},
        {QStringLiteral("console"),
         QStringLiteral("Attach to a node's serial console (works when SSH does not); Ctrl+] detaches."),
         [cli](const QStringList &a) {
             return NodeCommands::console(a, cli->m_out, cli->m_err);
         }},
        {QStringLiteral("node"), QStringLiteral("Stop, start, restart or power-cycle one node of a lab that is up."),
         [cli](const QStringList &a) {
             return NodeCommands::node(a, cli->m_out, cli->m_err);
         }},
        {QStringLiteral("snapshot"),
         QStringLiteral("Keep a lab's state at one instant and bring it back (save, restore, list, delete)."),
         [cli](const QStringList &a) {
             return SnapshotCommand::run(a, cli->m_out, cli->m_err);
         }},
        {QStringLiteral("link"),
         QStringLiteral(
             "Cut, restore or impair the link between two nodes of a lab that is up; show what is in force."),
         [cli](const QStringList &a) {
             return LinkCommands::link(a, cli->m_out, cli->m_err);
         }},
        {QStringLiteral("capture"),
         QStringLiteral("Write the frames between two nodes of a lab that is up to a pcap file."),
         [cli](const QStringList &a) {
             return LinkCommands::capture(a, cli->m_out, cli->m_err);
         }},
        {QStringLiteral("accel"), QStringLiteral("Say whether guests get KVM or TCG here, by booting a kernel."),
         [cli](const QStringList &a) {
             return AccelCommand::run(a, cli->m_out, cli->m_err);
         }},
        {QStringLiteral("test"),
         QStringLiteral("Run the lab's scenarios against its VMs; exit 0 pass, 1 fail, 2 nothing ran."),
         [cli](const QStringList &a) {
             return TestCommands::test(a, cli->m_out, cli->m_err);
         }},
        {QStringLiteral("report"), QStringLiteral("Summarise a kept report directory."),
         [cli](const QStringList &a) {
             return TestCommands::report(a, cli->m_out, cli->m_err);
         }},
        {QStringLiteral("pins"),
         QStringLiteral("Show the pinned versions; record artifact checksums (lock); fill the cache (fetch)."),
         [cli](const QStringList &a) {
             return PinsCommand::run(a, cli->m_out, cli->m_err);
         }},
        {QStringLiteral("kit"),
         QStringLiteral("Offline kits: export a lab's artifacts, images and Debian packages; import one (verified)."),
         [cli](const QStringList &a) {
             return KitCommand::run(a, cli->m_out, cli->m_err);
         }},
        {QStringLiteral("export-image"), QStringLiteral("Render the lab diagram to PNG or SVG (no display needed)."),
         [cli](const QStringList &a) {
             return cli->cmdExportImage(a);
         }},
        {QStringLiteral("format"), QStringLiteral("Rewrite a lab file in canonical form."),
         [cli](const QStringList &a) {
             return cli->cmdFormat(a);
         }},
        {QString::fromLatin1(DesignerOptions::Command),
         QStringLiteral("Open the designer on a lab file, a built-in lab or a run's report (also without a command)."),
         [cli](const QStringList &a) {
             return cli->cmdDesigner(a);
         }},
    };
}

bool Cli::wantsCli(const QStringList &arguments)
{
    if (arguments.size() < 2)
        return false;
    const QString &first = arguments.at(1);
    if (first == QLatin1String("--help") || first == QLatin1String("-h") || first == QLatin1String("--version")
        || first == QLatin1String("-v") || first == QLatin1String("help"))
        return true;
    const auto table = commandTable(nullptr);
    if (std::any_of(table.begin(), table.end(), [&](const Command &c) { return c.name == first; }))
        return true;
    // A word that is neither an option nor a file is a mistyped command: say so
    // instead of opening a window.
    return !first.startsWith(QLatin1Char('-')) && !QFileInfo::exists(first);
}

QString Cli::usage() const
{
    QString text =
        QStringLiteral("Usage: labforge [COMMAND] [OPTIONS]\n\n"
                       "Design, build, boot and verify multi-VM labs. Without a command, opens the designer.\n\n"
                       "Commands:\n");
    for (const Command &c : m_commands)
        text += QStringLiteral("  %1 %2\n").arg(c.name, -13).arg(c.summary);
    text += QStringLiteral("\nOptions:\n  -h, --help     Show this help (or `labforge COMMAND --help`).\n"
                           "  -v, --version  Show the version and the syntax highlighting the build uses.\n");
    return text;
}

int Cli::run(const QStringList &arguments)
{
    const QString command = arguments.value(1);
    if (command.isEmpty() || command == QLatin1String("--help") || command == QLatin1String("-h")
        || command == QLatin1String("help")) {
        m_out << usage();
        return ExitOk;
    }
    if (command == QLatin1String("--version") || command == QLatin1String("-v")) {
        m_out << "labforge " << QCoreApplication::applicationVersion() << '\n'
              << "syntax highlighting: " << CodeHighlighting::backend() << '\n';
        return ExitOk;
    }
    for (const Command &c : std::as_const(m_commands)) {
        if (c.name == command) {
            // QCommandLineParser expects the program name first.
            QStringList rest = arguments.mid(1);
            rest[0] = QStringLiteral("labforge ") + command;
            const int code = c.run(rest);
            m_out.flush();
            m_err.flush();
            return code;
        }
    }
    m_err << "labforge: unknown command \"" << command << "\"\n\n" << usage();
    return ExitUnusable;
}

int Cli::cmdDesigner(const QStringList &args)
{
    // Reached for `labforge designer --help` and for options that do not parse: the window
    // itself opens from main() without the command line.
    DesignerOptions options;
    if (options.parse(args) && options.helpAsked()) {
        m_out << options.helpText();
        return ExitOk;
    }
    m_err << "labforge designer: " << options.errorText() << "\n\n" << options.helpText();
    return ExitUnusable;
}

int Cli::cmdTemplates(const QStringList &args)
{
    QCommandLineParser parser;
    setupParser(parser, QStringLiteral("List the built-in labs."));
    if (const auto done = CommandParser::parse(parser, args, m_out, m_err))
        return *done;
    for (const QString &name : Templates::names())
        m_out << name << '\t' << Templates::description(name) << '\n';
    return ExitOk;
}

int Cli::cmdNew(const QStringList &args)
{
    QCommandLineParser parser;
    setupParser(parser, QStringLiteral("Write a new lab file from a built-in lab."));
    parser.addOption(QCommandLineOption(QStringLiteral("template"),
                                        QStringLiteral("Built-in lab to start from (see `labforge templates`)."),
                                        QStringLiteral("NAME"), QStringLiteral("slurm-hpc")));
    parser.addOption(QCommandLineOption(QStringLiteral("force"), QStringLiteral("Overwrite FILE if it exists.")));
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("The lab file to write."));
    if (const auto done = CommandParser::parse(parser, args, m_out, m_err))
        return *done;
    if (parser.positionalArguments().size() != 1) {
        m_err << "labforge new: give exactly one FILE\n";
        return ExitUnusable;
    }
    const QString path = parser.positionalArguments().constFirst();
    if (QFile::exists(path) && !parser.isSet(QStringLiteral("force"))) {
        m_err << "labforge new: " << path << " exists; use --force to overwrite it\n";
        return ExitUnusable;
    }
    const auto loaded = Templates::load(parser.value(QStringLiteral("template")));
    if (!loaded.ok()) {
        for (const LoadError &e : loaded.errors)
            m_err << "labforge new: " << e.toString() << '\n';
        return ExitUnusable;
    }
    QString error;
    if (!LabWriter::save(*loaded.lab, path, &error)) {
        m_err << "labforge new: " << error << '\n';
        return ExitFailed;
    }
    m_out << "wrote " << path << " (" << loaded.lab->name << ", " << loaded.lab->nodes.size() << " nodes)\n";
    return ExitOk;
}

int Cli::cmdValidate(const QStringList &args)
{
    QCommandLineParser parser;
    setupParser(parser,
                QStringLiteral("Check a lab. Exit 0 when valid (warnings allowed), 1 when it has errors, "
                               "2 when it cannot be read or parsed."));
    LabSource::addOptions(parser);
    parser.addOption(QCommandLineOption(QStringLiteral("json"), QStringLiteral("Print the problems as a JSON array.")));
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("The lab file (or --template NAME)."));
    if (const auto done = CommandParser::parse(parser, args, m_out, m_err))
        return *done;
    QString label;
    const auto lab = LabSource::load(parser, m_err, &label);
    if (!lab)
        return ExitUnusable;
    const Problems problems = Validator::validate(*lab, PinsLock::builtIn().validationContext());
    if (parser.isSet(QStringLiteral("json"))) {
        QJsonArray array;
        for (const Problem &p : problems) {
            QJsonObject o {{QStringLiteral("severity"), Problem::severityName(p.severity)},
                           {QStringLiteral("rule"), p.rule},
                           {QStringLiteral("pointer"), p.pointer},
                           {QStringLiteral("message"), p.message}};
            if (!p.nodeId.isEmpty())
                o.insert(QStringLiteral("node"), p.nodeId);
            array.append(o);
        }
        m_out << QJsonDocument(array).toJson(QJsonDocument::Indented);
    } else {
        int errors = 0;
        for (const Problem &p : problems) {
            errors += p.isError() ? 1 : 0;
            m_out << Problem::severityName(p.severity) << ' ' << p.rule << ' '
                  << (p.pointer.isEmpty() ? QStringLiteral("/") : p.pointer) << ": " << p.message << '\n';
        }
        m_out << label << ": " << errors << (errors == 1 ? " error, " : " errors, ") << problems.size() - errors
              << (problems.size() - errors == 1 ? " warning\n" : " warnings\n");
    }
    return Validator::hasErrors(problems) ? ExitFailed : ExitOk;
}

int Cli::cmdFormat(const QStringList &args)
{
    QCommandLineParser parser;
    setupParser(parser, QStringLiteral("Rewrite a lab file in canonical form (atomically)."));
    parser.addOption(QCommandLineOption(QStringLiteral("check"),
                                        QStringLiteral("Change nothing; exit 1 if the file is not canonical.")));
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("The lab file."));
    if (const auto done = CommandParser::parse(parser, args, m_out, m_err))
        return *done;
    if (parser.positionalArguments().size() != 1) {
        m_err << "labforge format: give exactly one FILE\n";
        return ExitUnusable;
    }
    const QString path = parser.positionalArguments().constFirst();
    const auto result = LabReader::readFile(path);
    if (!result.ok()) {
        for (const LoadError &e : result.errors)
            m_err << e.toString(path) << '\n';
        return ExitUnusable;
    }
    for (const LoadError &n : result.notices)
        m_err << "note: " << n.toString(path) << '\n';
    QFile file(path);
    const QByteArray before = file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    const QByteArray after = LabWriter::toBytes(*result.lab);
    if (before == after) {
        m_out << path << ": already canonical\n";
        return ExitOk;
    }
    if (parser.isSet(QStringLiteral("check"))) {
        m_out << path << ": not in canonical form (run `labforge format " << path << "`)\n";
        return ExitFailed;
    }
    QString error;
    if (!LabWriter::save(*result.lab, path, &error)) {
        m_err << "labforge format: " << error << '\n';
        return ExitFailed;
    }
    m_out << path << ": rewritten\n";
    return ExitOk;
}

int Cli::cmdExportImage(const QStringList &args)
{
    QCommandLineParser parser;
    setupParser(parser,
                QStringLiteral("Render the lab diagram exactly as the designer draws it, to OUT.png or OUT.svg."));
    LabSource::addOptions(parser);
    parser.addPositionalArgument(QStringLiteral("LAB"), QStringLiteral("The lab file (or --template NAME)."));
    parser.addPositionalArgument(QStringLiteral("OUT"), QStringLiteral("Output file, .png or .svg."));
    if (const auto done = CommandParser::parse(parser, args, m_out, m_err))
        return *done;
    QStringList positional = parser.positionalArguments();
    if (positional.isEmpty()) {
        m_err << "labforge export-image: give the output file\n";
        return ExitUnusable;
    }
    const QString output = positional.takeLast();
    QString error;
    if (!OutputFile::checkTarget(output, &error)) {
        m_err << "labforge export-image: " << error << '\n';
        return ExitUnusable;
    }
    QString label;
    std::optional<Lab> lab;
    if (parser.isSet(QStringLiteral("template"))) {
        lab = LabSource::load(parser, m_err, &label);
    } else if (!positional.isEmpty()) {
        const auto r = LabReader::readFile(positional.first());
        for (const LoadError &e : r.errors)
            m_err << e.toString(positional.first()) << '\n';
        lab = r.lab;
    } else {
        m_err << "labforge export-image: give a lab file or --template NAME\n";
        return ExitUnusable;
    }
    if (!lab)
        return ExitUnusable;
    LabDocument document;
    document.setValidationContext(PinsLock::builtIn().validationContext());
    document.reset(*lab);
    LabScene scene(&document);
    // Drawn beside the file and renamed over it when whole.
    OutputFile out(output);
    if (!out.prepare(&error) || !DiagramExporter::exportTo(&scene, out.temporaryPath(), &error)
        || !out.commit(&error)) {
        m_err << "labforge export-image: " << out.aboutTarget(error) << '\n';
        return ExitFailed;
    }
    m_out << "wrote " << output << '\n';
    return ExitOk;
}

int Cli::cmdGenerate(const QStringList &args)
{
    QCommandLineParser parser;
    setupParser(parser,
                QStringLiteral("Write the bundle of a lab: plan.json, recipes/, scenarios/, and per node its overlay, "
                               "packages, units, pinned artifacts and build script, with manifest.json. "
                               "The bundle never holds a secret."));
    LabSource::addOptions(parser);
    parser.addOption(QCommandLineOption({QStringLiteral("o"), QStringLiteral("output")},
                                        QStringLiteral("Bundle directory."), QStringLiteral("DIR")));
    parser.addOption(QCommandLineOption(QStringLiteral("force"), QStringLiteral("Replace DIR if it exists.")));
    parser.addPositionalArgument(QStringLiteral("LAB"), QStringLiteral("The lab file (or --template NAME)."));
    if (const auto done = CommandParser::parse(parser, args, m_out, m_err))
        return *done;
    if (!parser.isSet(QStringLiteral("output"))) {
        m_err << "labforge generate: give the bundle directory with -o DIR\n";
        return ExitUnusable;
    }
    QString label;
    const auto lab = LabSource::load(parser, m_err, &label);
    if (!lab)
        return ExitUnusable;
    const Problems problems = Validator::validate(*lab, PinsLock::builtIn().validationContext());
    if (Validator::hasErrors(problems)) {
        for (const Problem &p : problems) {
            if (p.isError())
                m_err << "error " << p.rule << ' ' << p.pointer << ": " << p.message << '\n';
        }
        m_err << "labforge generate: " << label << " has errors; nothing was written (see `labforge validate`)\n";
        return ExitFailed;
    }
    const Bundle bundle = BundleGenerator::generate(*lab);
    if (!bundle.ok()) {
        for (const QString &e : bundle.errors)
            m_err << "labforge generate: " << e << '\n';
        return ExitFailed;
    }
    QString error;
    const QString dir = parser.value(QStringLiteral("output"));
    if (!BundleWriter::write(bundle, dir, parser.isSet(QStringLiteral("force")), &error)) {
        m_err << "labforge generate: " << error << '\n';
        return ExitFailed;
    }
    for (const Bundle::NodeImage &n : bundle.nodes) {
        const QList<PinnedArtifact> pinned = n.output.artifacts + n.output.images;
        const auto unpinned =
            std::count_if(pinned.begin(), pinned.end(), [](const PinnedArtifact &a) { return a.sha256.isEmpty(); });
        m_out << QStringLiteral("%1  %2 packages, %3 files, %4 units, %5 artifacts, %6 images%7\n")
                     .arg(n.nodeId, -14)
                     .arg(n.output.packages.size())
                     .arg(n.output.files.size())
                     .arg(n.output.units.size())
                     .arg(n.output.artifacts.size())
                     .arg(n.output.images.size())
                     .arg(
                         unpinned
                             ? QStringLiteral(" (%1 without a recorded digest: run `labforge pins lock`)").arg(unpinned)
                             : QString());
    }
    m_out << "wrote " << dir << '\n';
    return ExitOk;
}

} // namespace Labforge
