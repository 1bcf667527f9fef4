// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "RunCommands.h"
#include "CommandParser.h"

#include "ArtifactCache.h"
#include "BundleGenerator.h"
#include "DebianMirror.h"
#include "EventPrinter.h"
#include "HostCapacity.h"
#include "ImageBuilder.h"
#include "LabRunner.h"
#include "LabSource.h"
#include "PinsLock.h"
#include "PlanSummaryText.h"
#include "Redactor.h"
#include "RunPipeline.h"
#include "RunPrivilege.h"
#include "RunnerPaths.h"
#include "SafeName.h"
#include "TestCommands.h"
#include "Transport.h"
#include "Validator.h"

#include <QCommandLineParser>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QThread>
#include <unistd.h>

namespace Labforge {

namespace {

void addCommonOptions(QCommandLineParser &parser,
                      const QString &lab = QStringLiteral("The lab file (or --template NAME)."))
{
    parser.addHelpOption();
    LabSource::addOptions(parser);
    parser.addPositionalArgument(QStringLiteral("LAB"), lab);
    parser.addOption(QCommandLineOption(QStringLiteral("pins"),
                                        QStringLiteral("Pins lock to use instead of the built-in one."),
                                        QStringLiteral("FILE")));
    parser.addOption(
        QCommandLineOption(QStringLiteral("verbose"), QStringLiteral("Print every log line of every stage.")));
}

// Loads the pins and the lab, validates and generates; prints why not and returns nothing on failure.
std::optional<std::pair<Lab, Bundle>> prepare(const QCommandLineParser &parser, QTextStream &err, int *code)
{
    const auto loadedPins = LabSource::pins(parser, err);
    if (!loadedPins) {
        *code = 2;
        return std::nullopt;
    }
    const PinsLock &pins = *loadedPins;
    QString label;
    const auto lab = LabSource::load(parser, err, &label);
    if (!lab) {
        *code = 2;
        return std::nullopt;
    }
    const Problems problems = Validator::validate(*lab, pins.validationContext());
    if (Validator::hasErrors(problems)) {
        for (const Problem &p : problems) {
            if (p.isError())
                err << "error " << p.rule << ' ' << p.pointer << ": " << p.message << '\n';
        }
        err << label << " has errors; nothing was built\n";
        *code = 1;
        return std::nullopt;
    }
    Bundle bundle = BundleGenerator::generate(*lab, pins);
    if (!bundle.ok()) {
        for (const QString &e : bundle.errors)
            err << e << '\n';
        *code = 1;
        return std::nullopt;
    }
    return std::make_pair(*lab, bundle);
}

} // namespace

int RunCommands::build(const QStringList &args, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Build the role images of a lab (what is stale only)."));
    addCommonOptions(parser);
    parser.addOption(QCommandLineOption(QStringLiteral("node"), QStringLiteral("Build only this node (repeatable)."),
                                        QStringLiteral("ID")));
    parser.addOption(QCommandLineOption(QStringLiteral("jobs"), QStringLiteral("Nodes built at once."),
                                        QStringLiteral("N"),
                                        QString::number(std::max(1, QThread::idealThreadCount() / 2))));
    parser.addOption(QCommandLineOption(
        QStringLiteral("force"),
        QStringLiteral("Rebuild every image and the base (a fresh mmdebstrap, not derived from a cached one).")));
    if (const auto done = CommandParser::parse(parser, args, out, err))
        return *done;
    int code = 0;
    const auto prepared = prepare(parser, err, &code);
    if (!prepared)
        return code;
    const auto &[lab, bundle] = *prepared;
    if (const QString why = RunPrivilege::missing(); !why.isEmpty()) {
        err << "labforge build: " << why << '\n';
        return 2;
    }
    QStringList nodes = parser.values(QStringLiteral("node"));
    if (nodes.isEmpty()) {
        for (const Node &n : lab.nodes)
            nodes.append(n.id);
    }
    Redactor redactor;
    EventPrinter printer(out, parser.isSet(QStringLiteral("verbose")));
    ImageBuilder::Options options;
    options.mirror = DebianMirror::url();
    options.jobs = parser.value(QStringLiteral("jobs")).toInt();
    options.force = parser.isSet(QStringLiteral("force"));
    options.events = printer.sink();
    options.redactor = &redactor;
    options.labName = lab.name;
    ImageBuilder builder(bundle, ArtifactCache(), options);
    QString error;
    const auto images = builder.build(nodes, &error);
    if (!images) {
        err << "labforge build: " << redactor.redact(error) << '\n';
        return 1;
    }
    for (auto it = images->begin(); it != images->end(); ++it)
        out << it.key() << ": " << it->disk << (it->rebuilt ? " (built)" : " (unchanged)") << '\n';
    return 0;
}

int RunCommands::up(const QStringList &args, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Build what is stale, boot every node of the lab on libvirt and wait for SSH on each."));
    addCommonOptions(parser);
    parser.addOption(QCommandLineOption(QStringLiteral("uri"), QStringLiteral("libvirt URI."), QStringLiteral("URI"),
                                        QStringLiteral("qemu:///system")));
    parser.addOption(QCommandLineOption(QStringLiteral("accel"),
                                        QStringLiteral("auto (probe KVM with a real guest), kvm or tcg."),
                                        QStringLiteral("MODE"), QStringLiteral("auto")));
    parser.addOption(QCommandLineOption(
        QStringLiteral("memory-scale"),
        QStringLiteral("Guest RAM as a fraction of each recipe's min_memory_gb (reported in the run); auto: the "
                       "largest of 1, 0.95, 0.9, … whose guests fit in 85% of this host's memory."),
        QStringLiteral("X"), QStringLiteral("auto")));
    parser.addOption(QCommandLineOption(
        QStringLiteral("isolated"),
        QStringLiteral("Create every lab network without forwarding: guest traffic stays on this host.")));
    parser.addOption(QCommandLineOption(QStringLiteral("yes"), QStringLiteral("Do not ask before allocating.")));
    parser.addOption(QCommandLineOption(QStringLiteral("jobs"), QStringLiteral("Images built at once."),
                                        QStringLiteral("N"), QStringLiteral("1")));
    parser.addOption(QCommandLineOption(
        QStringLiteral("ssh-timeout"),
        QStringLiteral(
            "Seconds each node has to answer SSH (default: 900, under TCG 480 per guest sharing a host core)."),
        QStringLiteral("S")));
    parser.addOption(QCommandLineOption(QStringLiteral("keep-on-failure"),
                                        QStringLiteral("Leave what was created when the run fails (for debugging).")));
    parser.addOption(
        QCommandLineOption(QStringLiteral("no-build"),
                           QStringLiteral("Boot the images the cache already holds, as last built (no image stage).")));
    parser.addOption(QCommandLineOption(QStringLiteral("no-test"),
                                        QStringLiteral("Do not run the lab's enabled scenarios after boot.")));
    parser.addOption(QCommandLineOption(QStringLiteral("report"),
                                        QStringLiteral("Report directory for the scenarios run after boot."),
                                        QStringLiteral("DIR")));
    if (const auto done = CommandParser::parse(parser, args, out, err))
        return *done;
    if (!CommandParser::acceptsUri(parser, "up", err))
        return 2;
    const auto pins = LabSource::pins(parser, err);
    const auto loaded = pins ? LabSource::load(parser, err) : std::nullopt;
    if (!loaded)
        return 2;
    const Lab &lab = *loaded; // a named reference: lambdas below capture it
    if (const QString why = RunPrivilege::missing(); !why.isEmpty()) {
        err << "labforge up: " << why << '\n';
        return 2;
    }
    LabRunner::Options o;
    o.uri = parser.value(QStringLiteral("uri"));
    const QString accel = parser.value(QStringLiteral("accel"));
    o.accel = accel == QLatin1String("kvm") ? BootPlan::Accel::Kvm
        : accel == QLatin1String("tcg")     ? BootPlan::Accel::Tcg
                                            : BootPlan::Accel::Auto;
    bool ok = true;
    const QString scale = parser.value(QStringLiteral("memory-scale"));
    o.memoryScale = scale == QLatin1String("auto") ? HostCapacity::largestFittingScale(lab) : scale.toDouble(&ok);
    if (!ok || o.memoryScale <= 0 || o.memoryScale > 4) {
        err << "labforge up: --memory-scale must be a number in (0, 4]\n";
        return 2;
    }
    o.isolated = parser.isSet(QStringLiteral("isolated"));
    o.jobs = std::max(1, parser.value(QStringLiteral("jobs")).toInt());
    if (parser.isSet(QStringLiteral("ssh-timeout")))
        o.sshTimeoutSeconds = std::max(30, parser.value(QStringLiteral("ssh-timeout")).toInt());
    o.keepOnFailure = parser.isSet(QStringLiteral("keep-on-failure"));
    o.buildImages = !parser.isSet(QStringLiteral("no-build"));
    EventPrinter printer(out, parser.isSet(QStringLiteral("verbose")));
    o.events = TestCommands::assertionPrinter(printer);
    const bool yes = parser.isSet(QStringLiteral("yes"));
    o.confirm = [&](const BootPlan &plan) {
        out << PlanSummaryText::text(lab, plan, QStringLiteral("--memory-scale"))
            << PlanSummaryText::pinNotes(lab, *pins) << '\n';
        out.flush();
        if (yes)
            return true;
        if (!isatty(STDIN_FILENO)) {
            err << "labforge up: not confirmed (no terminal to ask on); run again with --yes\n";
            return false;
        }
        out << "Allocate and boot? [y/N] ";
        out.flush();
        QTextStream in(stdin);
        const QString answer = in.readLine().trimmed().toLower();
        return answer == QLatin1String("y") || answer == QLatin1String("yes");
    };
    RunPipeline::Options po;
    po.runner = o;
    po.scenarios = !parser.isSet(QStringLiteral("no-test"));
    po.reportDirectory = parser.value(QStringLiteral("report"));
    RunPipeline pipeline(lab, *pins, po);
    const RunPipeline::Result result = pipeline.run();
    if (!result.boot.ok)
        return TestCommands::finish(result, out, err, QStringLiteral("up"));
    out << "lab " << lab.name << " is up: " << result.boot.nodesUp.join(QStringLiteral(", ")) << " ("
        << result.boot.accelReason << ")\n";
    return po.scenarios ? TestCommands::finish(result, out, err, QStringLiteral("up")) : 0;
}

int RunCommands::down(const QStringList &args, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Remove every domain, network and disk file a lab's run made, naming them first (data disks "
                       "included). The run's own secrets go with it; the lab's SSH key and its nodes' host keys stay "
                       "for the next run unless --purge."));
    addCommonOptions(parser,
                     QStringLiteral("The lab file, or the name of a lab with a recorded run here (or "
                                    "--template NAME)."));
    parser.addOption(QCommandLineOption(
        QStringLiteral("uri"), QStringLiteral("libvirt URI (default: the one the run used)."), QStringLiteral("URI")));
    parser.addOption(
        QCommandLineOption(QStringLiteral("yes"), QStringLiteral("Accepted as for `up`; `down` does not ask.")));
    parser.addOption(QCommandLineOption(
        QStringLiteral("keep-disks"),
        QStringLiteral("Keep the lab's data disks (an NFS /home, a controller's state) for the next `up` to reuse.")));
    parser.addOption(
        QCommandLineOption(QStringLiteral("purge"), QStringLiteral("Remove the lab's SSH key and host keys too.")));
    parser.addOption(QCommandLineOption(
        QStringLiteral("orphans"),
        QStringLiteral("Instead of a lab: remove what `labforge status` lists as orphans (labforge's domains and "
                       "networks that no recorded run names); given a lab's name, only that lab's.")));
    if (const auto done = CommandParser::parse(parser, args, out, err))
        return *done;
    if (!CommandParser::acceptsUri(parser, "down", err))
        return 2;
    EventPrinter printer(out, true);
    QString error;
    QStringList removed;
    if (parser.isSet(QStringLiteral("orphans"))) {
        const QStringList names = parser.positionalArguments();
        if (names.size() > 1 || parser.isSet(QStringLiteral("template"))
            || (!names.isEmpty() && !SafeName::isValid(names.first(), SafeName::Kind::Lab))) {
            err << "labforge down: --orphans takes at most a lab's name (not a file or template)\n";
            return 2;
        }
        if (!RunTeardown::removeOrphans(parser.value(QStringLiteral("uri")), names.value(0), printer.sink(), &error,
                                        &removed)) {
            err << "labforge down: " << error << '\n';
            return 1;
        }
        out << removed.size() << " orphan(s) removed\n";
        return 0;
    }
    // A lab's name works as well as its file: what `down` removes is what the run of that
    // name recorded (its inventory), and the file may be gone or changed since.
    QString labName;
    const QString given = parser.positionalArguments().value(0);
    QString why;
    if (!parser.isSet(QStringLiteral("template")) && !given.isEmpty() && !QFileInfo::exists(given)
        && SafeName::isValid(given, SafeName::Kind::Lab)
        && (QFileInfo::exists(RunnerPaths::run(given, &why) + QStringLiteral("/state.json"))
            || QFileInfo::exists(RunTeardown::keptDisksPath(RunnerPaths::run(given, &why))))) {
        labName = given;
    } else if (!parser.isSet(QStringLiteral("template")) && !given.isEmpty() && !QFileInfo::exists(given)) {
        err << "labforge down: " << given
            << " is neither a lab file nor the name of a lab with a recorded run: nothing to take down\n";
        return 2;
    } else {
        const auto lab = LabSource::load(parser, err);
        if (!lab)
            return 2;
        labName = lab->name;
    }
    RunTeardown::Options options;
    options.keepDisks = parser.isSet(QStringLiteral("keep-disks"));
    options.purge = parser.isSet(QStringLiteral("purge"));
    if (!LabRunner::down(labName, parser.value(QStringLiteral("uri")), printer.sink(), &error, &removed, options)) {
        err << "labforge down: " << error << '\n';
        return 1;
    }
    out << "lab " << labName << " is down (" << removed.size() << " libvirt object(s) removed)\n";
    return 0;
}

} // namespace Labforge
