#include "PinsCommand.h"
#include "CommandParser.h"

#include "ArtifactCache.h"
#include "ArtifactFetcher.h"
#include "PinsLock.h"

#include <QCommandLineParser>
#include <QFile>
#include <QSaveFile>
#include <QTemporaryDir>

namespace Labforge {

int PinsCommand::run(const QStringList &args, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Pinned versions and artifacts.\n"
        "  show   list every pinned artifact and whether its SHA-256 is recorded\n"
        "  lock   download every artifact, record its SHA-256 in the lock file and keep it in the cache\n"
        "         (an artifact whose download differs from an already recorded SHA-256 is refused)\n"
        "  fetch  download the artifacts with a recorded SHA-256 into the cache, verifying each"));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("ACTION"), QStringLiteral("show, lock or fetch"));
    parser.addOption(QCommandLineOption(
        QStringLiteral("lock"),
        QStringLiteral("Lock file to read (and, for `lock`, to write; created from the built-in lock when missing)."),
        QStringLiteral("FILE")));
    parser.addOption(QCommandLineOption(QStringLiteral("cache"), QStringLiteral("Artifact cache directory."),
                                        QStringLiteral("DIR"), ArtifactCache::defaultRoot()));
    if (const auto done = CommandParser::parse(parser, args, out, err))
        return *done;
    const QString action = parser.positionalArguments().value(0);
    if (action != QLatin1String("show") && action != QLatin1String("lock") && action != QLatin1String("fetch")) {
        err << "labforge pins: give an action: show, lock or fetch\n";
        return 2;
    }
    const QString lockPath = parser.value(QStringLiteral("lock"));
    PinsLock lock = PinsLock::builtIn();
    if (!lockPath.isEmpty() && QFile::exists(lockPath)) {
        QString error;
        const auto loaded = PinsLock::fromFile(lockPath, &error);
        if (!loaded) {
            err << "labforge pins: " << lockPath << ": " << error << '\n';
            return 2;
        }
        lock = *loaded;
    }
    if (action == QLatin1String("show")) {
        for (const PinsLock::Component &c : lock.components()) {
            out << c.name << ' ' << c.version << '\n';
            for (const PinnedArtifact &a : c.artifacts)
                out << "  " << a.name << '\t'
                    << (a.sha256.isEmpty() ? QStringLiteral("(no SHA-256 recorded)") : a.sha256) << '\t' << a.url
                    << (a.version.isEmpty() ? QString() : QLatin1Char(':') + a.version) << '\n';
        }
        return 0;
    }
    if (action == QLatin1String("lock") && lockPath.isEmpty()) {
        err << "labforge pins lock: give the lock file to write with --lock FILE\n";
        return 2;
    }

    const ArtifactCache cache(parser.value(QStringLiteral("cache")));
    QTemporaryDir downloads;
    ArtifactFetcher fetcher;
    int failed = 0;
    for (const PinsLock::Component &c : lock.components()) {
        for (const PinnedArtifact &a : c.artifacts) {
            if (action == QLatin1String("fetch") && a.sha256.isEmpty()) {
                err << "skip " << c.name << '/' << a.name << ": no SHA-256 recorded (run `labforge pins lock`)\n";
                ++failed;
                continue;
            }
            err << "fetch " << c.name << '/' << a.name << " from " << a.url << '\n';
            err.flush();
            qint64 lastReport = -1;
            QString error;
            const auto fetched = fetcher.fetch(a, downloads.path(), &error, [&](qint64 received, qint64 total) {
                if (received - lastReport >= qint64(8) * 1024 * 1024 || received == total) {
                    lastReport = received;
                    err << "  " << received / 1024 << " KiB"
                        << (total > 0 ? QStringLiteral(" of %1 KiB").arg(total / 1024) : QString()) << '\n';
                    err.flush();
                }
            });
            if (!fetched || !cache.store(fetched->file, fetched->sha256, &error)) {
                err << "FAILED " << c.name << '/' << a.name << ": " << error << '\n';
                ++failed;
                continue;
            }
            lock.setSha256(c.name, a.name, fetched->sha256);
            out << c.name << '/' << a.name << ' ' << fetched->sha256 << '\n';
        }
    }
    if (action == QLatin1String("lock")) {
        QSaveFile file(lockPath);
        if (!file.open(QIODevice::WriteOnly) || file.write(lock.toJson()) < 0 || !file.commit()) {
            err << "labforge pins lock: cannot write " << lockPath << ": " << file.errorString() << '\n';
            return 1;
        }
        out << "wrote " << lockPath
            << (failed ? QStringLiteral(" (%1 artifact(s) failed and keep their previous checksum)").arg(failed)
                       : QString())
            << '\n';
    }
    return failed ? 1 : 0;
}

} // namespace Labforge
