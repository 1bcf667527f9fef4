// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "PinsCommand.h"
#include "CommandParser.h"

#include "PinEventText.h"
#include "PinOps.h"

#include <QCommandLineParser>
#include <QMap>

namespace Labforge {

namespace {

// `labforge pins verify`: what the cache holds for each artifact, re-hashed. 1 when any entry mismatches.
int verify(const PinsLock &lock, const QString &cacheRoot, QTextStream &out)
{
    int mismatched = 0;
    QMap<QString, int> counts;
    for (const PinOps::Checked &row : PinOps::verify(lock, cacheRoot)) {
        ++counts[row.provenance];
        out << row.component << '/' << row.name << '\t' << row.provenance << '\t';
        if (row.image) {
            out << (row.reference.isEmpty() ? QStringLiteral("image: no digest in the lock (run `labforge pins lock`)")
                                            : QStringLiteral("image %1").arg(row.reference))
                << '\n';
            continue;
        }
        switch (row.check.state) {
        case ArtifactCache::Check::State::NotPinned:
            out << "no digest in the lock (run `labforge pins lock`)";
            break;
        case ArtifactCache::Check::State::NotCached:
            out << "not cached";
            break;
        case ArtifactCache::Check::State::Ok:
            out << "OK";
            break;
        case ArtifactCache::Check::State::Mismatch:
            out << QStringLiteral("MISMATCH: %1 holds SHA-256 %2, the lock pins %3")
                       .arg(row.check.path, row.check.actual, row.pinned);
            ++mismatched;
            break;
        }
        out << '\n';
    }
    QStringList summary;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        summary.append(QStringLiteral("%1 %2").arg(it.value()).arg(it.key()));
    out << summary.join(QStringLiteral(", "))
        << (mismatched ? QStringLiteral("; %1 MISMATCH in %2").arg(mismatched).arg(ArtifactCache(cacheRoot).root())
                       : QString())
        << '\n';
    return mismatched ? 1 : 0;
}

// `labforge pins show`: every pinned artifact with its digest and where that comes from.
int show(const PinsLock &lock, QTextStream &out)
{
    for (const PinsLock::Component &c : lock.components()) {
        out << c.name << ' ' << c.version << '\n';
        for (const PinnedArtifact &a : c.artifacts) {
            if (a.source == PinnedArtifact::Source::OciImage)
                out << "  image " << a.name << '\t' << PinOps::provenance(a) << '\t' << a.imageReference() << '\t'
                    << (a.sha256.isEmpty() ? QStringLiteral("(no digest recorded)") : a.pinnedImageReference()) << '\n';
            else
                out << "  " << a.name << '\t' << PinOps::provenance(a) << '\t'
                    << (a.sha256.isEmpty() ? QStringLiteral("(no SHA-256 recorded)") : a.sha256) << '\t' << a.url
                    << (a.version.isEmpty() ? QString() : QLatin1Char(':') + a.version) << '\n';
            if (!a.digestSource.isEmpty())
                out << "    " << (a.sha256.isEmpty() ? "why none: " : "digest from: ") << a.digestSource << '\n';
            if (a.signature.kind != PinnedArtifact::Signature::Kind::None)
                out << "    signed upstream: "
                    << (a.signature.kind == PinnedArtifact::Signature::Kind::ChecksumFile
                            ? QStringLiteral("checksum file %1, signature %2")
                                  .arg(a.signature.checksumsUrl, a.signature.url)
                            : QStringLiteral("signature %1").arg(a.signature.url))
                    << ", checked with key " << a.signature.key
                    << (a.signature.fingerprint.isEmpty() ? QString()
                                                          : QStringLiteral(" (%1)").arg(a.signature.fingerprint))
                    << " at every download\n";
        }
    }
    return 0;
}

} // namespace

int PinsCommand::run(const QStringList &args, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Pinned versions and artifacts.\n"
        "  show    list every pinned artifact with its SHA-256 and where that comes from (provenance:\n"
        "          published, reproduced, first-pull, or not-pinned)\n"
        "  lock    download every artifact not yet cached into the cache, verifying it against the lock;\n"
        "          an artifact without a digest is pinned from this first pull (marked first-pull) and the\n"
        "          lock file written. A recorded digest is never replaced: a download that differs is refused\n"
        "  fetch   download the artifacts with a recorded SHA-256 into the cache, verifying each\n"
        "  verify  re-hash what the cache holds: OK, MISMATCH (exit 1) or not cached, per artifact"));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("ACTION"), QStringLiteral("show, lock, fetch or verify"));
    // --pins as for every other verb that reads a lock.
    parser.addOption(QCommandLineOption(
        {QStringLiteral("lock"), QStringLiteral("pins")},
        QStringLiteral("Lock file to read (and, for `lock`, to write; created from the built-in lock when missing)."),
        QStringLiteral("FILE")));
    parser.addOption(QCommandLineOption(QStringLiteral("cache"), QStringLiteral("Artifact cache directory."),
                                        QStringLiteral("DIR"), ArtifactCache::defaultRoot()));
    if (const auto done = CommandParser::parse(parser, args, out, err))
        return *done;
    const QString action = parser.positionalArguments().value(0);
    static const QStringList actions {QStringLiteral("show"), QStringLiteral("lock"), QStringLiteral("fetch"),
                                      QStringLiteral("verify")};
    if (!actions.contains(action)) {
        err << "labforge pins: give an action: show, lock, fetch or verify\n";
        return 2;
    }
    const QString lockPath = parser.value(QStringLiteral("lock"));
    const Outcome<PinsLock> lock = PinOps::load(lockPath);
    if (!lock)
        return CommandParser::fail(lock.error(), "pins", err);
    const QString cache = parser.value(QStringLiteral("cache"));
    if (action == QLatin1String("show"))
        return show(*lock, out);
    if (action == QLatin1String("verify"))
        return verify(*lock, cache, out);
    if (action == QLatin1String("lock") && lockPath.isEmpty()) {
        err << "labforge pins lock: give the lock file to write with --lock FILE\n";
        return 2;
    }
    // Each step printed as a line of its own, as it happens.
    const PinEvents report = [&](const PinEvent &e) {
        QTextStream &to = PinEventText::isProgressOrProblem(e.type) ? err : out;
        to << PinEventText::line(e) << '\n';
        to.flush();
    };
    if (action == QLatin1String("fetch"))
        return PinOps::fetch(*lock, cache, {}, report).exitCode();
    const Outcome<PinOps::Done> done = PinOps::lock(*lock, lockPath, cache, {}, report);
    return done ? done->exitCode() : CommandParser::fail(done.error(), "pins lock", err);
}

} // namespace Labforge
