// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "KitCommand.h"
#include "CommandParser.h"
#include "LabSource.h"

#include "BundleGenerator.h"
#include "DebianKitMirror.h"
#include "OfflineKit.h"
#include "RunnerPaths.h"

#include <QCommandLineParser>

namespace Labforge {

int KitCommand::run(const QStringList &args, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Offline kits: everything a lab's build and boot would fetch, in one file.\n"
        "  export LAB FILE  the lab's pinned artifacts (from the artifact cache), its container images by\n"
        "                   digest (from the cache, else fetched from their registries) and the Debian\n"
        "                   packages its images install (from the package cache, with Debian's signed index)\n"
        "  import FILE      verify every digest and Debian's signature, then fill the caches: builds take\n"
        "                   their packages from the kit (file:// mirror) and nodes preload the images"));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("ACTION"), QStringLiteral("export or import"));
    parser.addPositionalArgument(
        QStringLiteral("FILES"),
        QStringLiteral("export: LAB FILE (the lab file, or --template NAME, and the kit to write); "
                       "import: FILE (the kit)"));
    LabSource::addOptions(parser);
    parser.addOption(QCommandLineOption(QStringLiteral("pins"),
                                        QStringLiteral("Pins lock to use instead of the built-in one (export), or "
                                                       "that the kit's lock must agree with (import)."),
                                        QStringLiteral("FILE")));
    parser.addOption(QCommandLineOption(QStringLiteral("cache-root"),
                                        QStringLiteral("The cache to read (export) or fill (import)."),
                                        QStringLiteral("DIR"), RunnerPaths::cacheRoot()));
    parser.addOption(QCommandLineOption(QStringLiteral("keyring"),
                                        QStringLiteral("Keyring Debian's index must be signed with (import)."),
                                        QStringLiteral("FILE"), DebianKitMirror::archiveKeyring()));
    if (const auto done = CommandParser::parse(parser, args, out, err))
        return *done;
    const QStringList positional = parser.positionalArguments();
    const QString action = positional.value(0);
    const QString root = parser.value(QStringLiteral("cache-root"));
    auto log = [&out](const QString &line) {
        out << line << '\n';
        out.flush();
    };
    QString error;
    if (action == QLatin1String("import") && positional.size() == 2) {
        const OfflineKit::Caches caches {root, {}, {}};
        const auto trusted = LabSource::pins(parser, err);
        if (!trusted)
            return 2;
        if (!OfflineKit::importKit(positional.at(1), caches, parser.value(QStringLiteral("keyring")), *trusted, log,
                                   &error)) {
            err << "labforge kit import: " << error << '\n';
            return 1;
        }
        return 0;
    }
    const bool fromTemplate = parser.isSet(QStringLiteral("template"));
    if (action != QLatin1String("export") || positional.size() != (fromTemplate ? 2 : 3)) {
        err << "labforge kit: `export LAB FILE` (or `export --template NAME FILE`) or `import FILE`\n";
        return 2;
    }
    const QString &file = positional.constLast();
    const auto pins = LabSource::pins(parser, err);
    if (!pins)
        return 2;
    // LabSource reads the lab from the first positional argument: the action goes first here.
    QCommandLineParser labParser;
    LabSource::addOptions(labParser);
    labParser.addPositionalArgument(QStringLiteral("LAB"), {});
    labParser.parse(fromTemplate ? QStringList {QStringLiteral("kit"), QStringLiteral("--template"),
                                                parser.value(QStringLiteral("template"))}
                                 : QStringList {QStringLiteral("kit"), positional.at(1)});
    QString label;
    const auto lab = LabSource::load(labParser, err, &label);
    if (!lab)
        return 2;
    const Bundle bundle = BundleGenerator::generate(*lab, *pins);
    if (!bundle.ok()) {
        for (const QString &e : bundle.errors)
            err << "labforge kit export: " << e << '\n';
        return 1;
    }
    const OfflineKit::Contents contents = OfflineKit::contentsOf(bundle, lab->name);
    const OfflineKit::Caches caches {root, root + QStringLiteral("/packages/") + contents.suite,
                                     root + QStringLiteral("/packages/") + contents.suite + QStringLiteral("-lists")};
    ArtifactFetcher fetcher;
    if (!OfflineKit::exportKit(contents, *pins, caches, file, &fetcher, log, &error)) {
        err << "labforge kit export: " << error << '\n';
        return 1;
    }
    out << "wrote " << file << " (" << label << ")\n";
    return 0;
}

} // namespace Labforge
