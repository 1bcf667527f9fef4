// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "PinsCommand.h"
#include "CommandParser.h"

#include "ArtifactCache.h"
#include "ArtifactFetcher.h"
#include "HostCommand.h"
#include "PinEventText.h"
#include "PinsLock.h"

#include <QCommandLineParser>
#include <QDateTime>
#include <QFile>
#include <QMap>
#include <QRegularExpression>
#include <QSaveFile>
#include <QTemporaryDir>

namespace Labforge {

namespace {

QString provenanceText(const PinnedArtifact &a)
{
    return a.provenance == PinnedArtifact::Provenance::None ? QStringLiteral("not-pinned")
                                                            : PinnedArtifact::provenanceName(a.provenance);
}

// `labforge pins verify`: re-hash what the cache holds for each artifact. 1 when any entry mismatches.
int verify(const PinsLock &lock, const ArtifactCache &cache, QTextStream &out)
{
    int mismatched = 0;
    QMap<QString, int> counts;
    for (const PinsLock::Component &c : lock.components()) {
        for (const PinnedArtifact &a : c.artifacts) {
            if (a.source == PinnedArtifact::Source::OciImage) {
                ++counts[provenanceText(a)];
                out << c.name << '/' << a.name << '\t' << provenanceText(a) << '\t'
                    << (a.sha256.isEmpty() ? QStringLiteral("image: no digest in the lock (run `labforge pins lock`)")
                                           : QStringLiteral("image %1").arg(a.pinnedImageReference()))
                    << '\n';
                continue;
            }
            const ArtifactCache::Check check = cache.check(a);
            QString state;
            switch (check.state) {
            case ArtifactCache::Check::State::NotPinned:
                state = QStringLiteral("no digest in the lock (run `labforge pins lock`)");
                break;
            case ArtifactCache::Check::State::NotCached:
                state = QStringLiteral("not cached");
                break;
            case ArtifactCache::Check::State::Ok:
                state = QStringLiteral("OK");
                break;
            case ArtifactCache::Check::State::Mismatch:
                state = QStringLiteral("MISMATCH: %1 holds SHA-256 %2, the lock pins %3")
                            .arg(check.path, check.actual, a.sha256);
                ++mismatched;
                break;
            }
            ++counts[provenanceText(a)];
            out << c.name << '/' << a.name << '\t' << provenanceText(a) << '\t' << state << '\n';
        }
    }
    QStringList summary;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        summary.append(QStringLiteral("%1 %2").arg(it.value()).arg(it.key()));
    out << summary.join(QStringLiteral(", "))
        << (mismatched ? QStringLiteral("; %1 MISMATCH in %2").arg(mismatched).arg(cache.root()) : QString()) << '\n';
    return mismatched ? 1 : 0;
}

// `pins lock` of an image: the digest its tag resolves to now. An image without a digest is
// pinned from it (first-pull); one with a digest keeps it, and a registry that now gives
// another is refused with both values.
bool lockImage(const QString &component, const PinnedArtifact &a, ArtifactFetcher &fetcher, PinsLock *lock,
               const PinEvents &report)
{
    const QString artifact = component + QLatin1Char('/') + a.name;
    report({PinEvent::Type::Resolving, artifact, a.imageReference()});
    QString error;
    const auto digest = fetcher.resolveImage(a, &error);
    if (!digest) {
        report({fetcher.isCancelled() ? PinEvent::Type::Stopped : PinEvent::Type::Failed, artifact, error});
        return false;
    }
    const QString source =
        QStringLiteral("first pull by `labforge pins lock`: the manifest digest %1 resolved to on %2")
            .arg(a.imageReference(), QDateTime::currentDateTimeUtc().toString(Qt::ISODate));
    if (!lock->pinFirstPull(component, a.name, *digest, source, &error)) {
        report({PinEvent::Type::Failed, {}, error});
        return false;
    }
    QStringList none;
    const PinnedArtifact pinned = lock->artifact(component, a.name, &none);
    report({PinEvent::Type::ImagePinned, artifact, pinned.pinnedImageReference(), provenanceText(pinned)});
    return true;
}

// `pins fetch` of an image: nothing to download into the artifact cache (the lab pulls it by
// digest, a kit carries it); an image without a digest fails like an artifact without one.
bool skipImage(const QString &component, const PinnedArtifact &a, QTextStream &out)
{
    if (a.sha256.isEmpty()) {
        out << "skip " << component << '/' << a.name << ": image without a digest (run `labforge pins lock`)\n";
        return false;
    }
    out << component << '/' << a.name << ' ' << a.pinnedImageReference() << ' ' << provenanceText(a)
        << " (image: pulled by digest in the lab, or carried by a kit)\n";
    return true;
}

// "registry/repository:tag" as a container runtime reads a manifest's image (docker.io and
// library/ added, :latest when there is no tag); empty for a reference by digest.
QString normalizedImage(QString ref)
{
    ref.remove(QLatin1Char('"')).remove(QLatin1Char('\''));
    if (ref.contains(QLatin1Char('@')))
        return {};
    const QString first = ref.section(QLatin1Char('/'), 0, 0);
    if (!ref.contains(QLatin1Char('/'))
        || (!first.contains(QLatin1Char('.')) && !first.contains(QLatin1Char(':'))
            && first != QLatin1String("localhost")))
        ref.prepend(QStringLiteral("docker.io/"));
    if (ref.startsWith(QLatin1String("docker.io/")) && ref.count(QLatin1Char('/')) == 1)
        ref.insert(10, QStringLiteral("library/"));
    if (!ref.section(QLatin1Char('/'), -1).contains(QLatin1Char(':')))
        ref += QStringLiteral(":latest");
    return ref;
}

// Adds `ref` (registry/repository:tag) to `component` when no image of the lock is it.
bool addDiscoveredImage(PinsLock *lock, const QString &component, const QString &ref, const QString &why,
                        QList<PinnedArtifact> *added)
{
    const qsizetype colon = ref.lastIndexOf(QLatin1Char(':'));
    if (colon <= ref.lastIndexOf(QLatin1Char('/')))
        return false;
    for (const PinsLock::Component &c : lock->components()) {
        for (const PinnedArtifact &a : c.artifacts) {
            if (a.source == PinnedArtifact::Source::OciImage && a.imageReference() == ref)
                return false;
        }
    }
    PinnedArtifact image;
    image.component = component;
    image.source = PinnedArtifact::Source::OciImage;
    image.url = QStringLiteral("docker://") + ref.left(colon);
    image.version = ref.mid(colon + 1);
    image.name = ref.left(colon).section(QLatin1Char('/'), -1);
    image.digestSource = QStringLiteral("not published: %1, added by `labforge pins lock`").arg(why);
    if (!lock->addImage(image)) {
        image.name += QLatin1Char('-') + image.version;
        if (!lock->addImage(image))
            return false;
    }
    added->append(image);
    return true;
}

// The images a pinned, cached kubeadm pulls for its version (`kubeadm config images list`):
// the exact list, which no file of the lock can know ahead (etcd's and CoreDNS's tags are
// kubeadm's own constants). Each one the lock lacks is added to kubeadm's component without a
// digest, for lockImage to pin; returned. None when there is no cached kubeadm.
QList<PinnedArtifact> discoverKubeadmImages(PinsLock *lock, const ArtifactCache &cache, const PinEvents &report)
{
    QList<PinnedArtifact> added;
    const QList<PinsLock::Component> components = lock->components(); // a copy: images are added below
    for (const PinsLock::Component &c : components) {
        for (const PinnedArtifact &a : c.artifacts) {
            QString why;
            const QString kubeadm = a.name == QLatin1String("kubeadm") ? cache.lookup(a, &why) : QString();
            if (kubeadm.isEmpty())
                continue;
            QTemporaryDir work;
            const QString binary = work.filePath(QStringLiteral("kubeadm"));
            if (!QFile::copy(kubeadm, binary)
                || !QFile::setPermissions(binary, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner)) {
                report({PinEvent::Type::KubeadmNotRun, {}, kubeadm});
                continue;
            }
            const HostCommand::Result r =
                HostCommand(binary,
                            {QStringLiteral("config"), QStringLiteral("images"), QStringLiteral("list"),
                             QStringLiteral("--kubernetes-version"), c.version})
                    .timeout(120000)
                    .separateStderr()
                    .run();
            if (!r.ok()) {
                report({PinEvent::Type::KubeadmListFailed, {}, c.version, r.describe(QStringLiteral("kubeadm"))});
                continue;
            }
            for (const QByteArray &line : r.output.split('\n')) {
                const QString ref = QString::fromUtf8(line.trimmed());
                const qsizetype colon = ref.lastIndexOf(QLatin1Char(':'));
                if (ref.isEmpty() || colon <= ref.lastIndexOf(QLatin1Char('/')))
                    continue;
                if (!addDiscoveredImage(
                        lock, c.name, ref,
                        QStringLiteral("listed by kubeadm %1 (`kubeadm config images list`)").arg(c.version), &added))
                    continue;
                report(
                    {PinEvent::Type::KubeadmImage, c.name + QLatin1Char('/') + added.constLast().name, ref, c.version});
            }
        }
    }
    return added;
}

// The images every pinned, cached Helm chart renders (`helm template` with the pinned, cached
// Helm, defaults and the lock's Kubernetes version): the exact list, subcharts and appVersion
// tags included, which the charts' values files alone do not give. Each one the lock lacks is
// added to the chart's component without a digest, for lockImage to pin.
QList<PinnedArtifact> discoverChartImages(PinsLock *lock, const ArtifactCache &cache, const PinEvents &report)
{
    QList<PinnedArtifact> added;
    QStringList missing;
    const PinnedArtifact helm = lock->artifact(QStringLiteral("helm"), QStringLiteral("helm"), &missing);
    QString why;
    const QString archive = missing.isEmpty() ? cache.lookup(helm, &why) : QString();
    QTemporaryDir work;
    if (archive.isEmpty()
        || !HostCommand(QStringLiteral("tar"),
                        {QStringLiteral("-xzf"), archive, QStringLiteral("-C"), work.path(),
                         QStringLiteral("linux-amd64/helm")})
                .run()
                .ok())
        return added;
    QProcessEnvironment env = HostCommand::cleanEnvironment();
    for (const char *home : {"HELM_CACHE_HOME", "HELM_CONFIG_HOME", "HELM_DATA_HOME"})
        env.insert(QString::fromLatin1(home), work.path());
    const QString kubernetes = lock->version(QStringLiteral("kubernetes"));
    static const QRegularExpression imageLine(
        QStringLiteral("^\\s*(?:-\\s+)?image:\\s*[\"']?([^\"'\\s{}]+)[\"']?\\s*$"),
        QRegularExpression::MultilineOption);
    const QList<PinsLock::Component> components = lock->components(); // a copy: images are added below
    for (const PinsLock::Component &c : components) {
        for (const PinnedArtifact &a : c.artifacts) {
            const bool chart = a.source == PinnedArtifact::Source::HelmOci || a.url.endsWith(QLatin1String(".tgz"));
            const QString path = chart ? cache.lookup(a, &why) : QString();
            if (path.isEmpty())
                continue;
            QStringList args {QStringLiteral("template"), QStringLiteral("labforge"), path};
            if (!kubernetes.isEmpty())
                args << QStringLiteral("--kube-version") << kubernetes;
            const HostCommand::Result r = HostCommand(work.filePath(QStringLiteral("linux-amd64/helm")), args)
                                              .environment(env)
                                              .timeout(300000)
                                              .separateStderr()
                                              .run();
            if (!r.ok()) {
                report({PinEvent::Type::ChartRenderFailed, c.name + QLatin1Char('/') + a.name,
                        r.describe(QStringLiteral("helm"))});
                continue;
            }
            for (auto it = imageLine.globalMatch(QString::fromUtf8(r.output)); it.hasNext();) {
                const QString ref = normalizedImage(it.next().captured(1));
                if (ref.isEmpty())
                    continue; // pinned by digest in the chart itself
                if (addDiscoveredImage(lock, c.name, ref,
                                       QStringLiteral("rendered by the chart %1 %2 (`helm template`)")
                                           .arg(a.name, a.version.isEmpty() ? c.version : a.version),
                                       &added))
                    report(
                        {PinEvent::Type::ChartImage, c.name + QLatin1Char('/') + added.constLast().name, ref, a.name});
            }
        }
    }
    return added;
}

// `labforge pins show`: every pinned artifact with its digest and where that comes from.
int show(const PinsLock &lock, QTextStream &out)
{
    for (const PinsLock::Component &c : lock.components()) {
        out << c.name << ' ' << c.version << '\n';
        for (const PinnedArtifact &a : c.artifacts) {
            if (a.source == PinnedArtifact::Source::OciImage)
                out << "  image " << a.name << '\t' << provenanceText(a) << '\t' << a.imageReference() << '\t'
                    << (a.sha256.isEmpty() ? QStringLiteral("(no digest recorded)") : a.pinnedImageReference()) << '\n';
            else
                out << "  " << a.name << '\t' << provenanceText(a) << '\t'
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

// Fetches one artifact into the cache (verified against its digest, or pinned from this
// first pull for `lock`); false when it failed.
bool fetchArtifact(const QString &component, const PinnedArtifact &a, const ArtifactCache &cache,
                   ArtifactFetcher &fetcher, const QString &downloads, PinsLock *lock, const PinEvents &report)
{
    const QString artifact = component + QLatin1Char('/') + a.name;
    const ArtifactCache::Check cached = cache.check(a);
    if (cached.state == ArtifactCache::Check::State::Ok) {
        report({PinEvent::Type::Cached, artifact, a.sha256, provenanceText(a)});
        return true;
    }
    if (cached.state == ArtifactCache::Check::State::Mismatch) {
        report({PinEvent::Type::CacheMismatch, artifact, cached.actual, a.sha256});
        QFile::remove(cached.path);
    }
    report({PinEvent::Type::Fetching, artifact, a.url});
    qint64 lastReport = -1;
    QString error;
    const auto fetched = fetcher.fetch(a, downloads, &error, [&](qint64 received, qint64 total) {
        if (received - lastReport >= qint64(8) * 1024 * 1024 || received == total) {
            lastReport = received;
            report({PinEvent::Type::Received, artifact, {}, {}, received, total});
        }
    });
    if (!fetched || !cache.store(fetched->file, fetched->sha256, &error)) {
        report({fetcher.isCancelled() ? PinEvent::Type::Stopped : PinEvent::Type::Failed, artifact, error});
        return false;
    }
    if (a.sha256.isEmpty()) {
        const QString source = QStringLiteral("first pull by `labforge pins lock` from %1%2 on %3")
                                   .arg(a.url, a.version.isEmpty() ? QString() : QLatin1Char(':') + a.version,
                                        QDateTime::currentDateTimeUtc().toString(Qt::ISODate));
        if (!lock->pinFirstPull(component, a.name, fetched->sha256, source, &error)) {
            report({PinEvent::Type::Failed, {}, error});
            return false;
        }
    }
    QStringList lockErrors; // none: every artifact comes from this lock
    const PinnedArtifact pinned = lock->artifact(component, a.name, &lockErrors);
    report({PinEvent::Type::Pinned, artifact, pinned.sha256,
            provenanceText(pinned)
                + (fetched->signature.isEmpty() ? QString() : QStringLiteral("; ") + fetched->signature)});
    return true;
}

// Writes the lock `lock` produced; 1 when it cannot be written or an artifact failed.
int writeLock(const PinsLock &lock, const QString &lockPath, int failed, const PinEvents &report)
{
    QSaveFile file(lockPath);
    if (!file.open(QIODevice::WriteOnly) || file.write(lock.toJson()) < 0 || !file.commit()) {
        report({PinEvent::Type::WriteFailed, {}, lockPath, file.errorString()});
        return 1;
    }
    report({PinEvent::Type::Wrote, {}, lockPath, {}, 0, 0, failed});
    return failed ? 1 : 0;
}

} // namespace

int PinsCommand::run(const QStringList &args, QTextStream &out, QTextStream &err, const CancelToken &cancel,
                     const PinEvents &events)
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
    parser.addOption(QCommandLineOption(
        QStringLiteral("lock"),
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
    if (action == QLatin1String("show"))
        return show(lock, out);
    if (action == QLatin1String("verify"))
        return verify(lock, ArtifactCache(parser.value(QStringLiteral("cache"))), out);
    if (action == QLatin1String("lock") && lockPath.isEmpty()) {
        err << "labforge pins lock: give the lock file to write with --lock FILE\n";
        return 2;
    }

    const ArtifactCache cache(parser.value(QStringLiteral("cache")));
    QTemporaryDir downloads;
    ArtifactFetcher fetcher;
    fetcher.setCancelToken(cancel); // a download under way stops at once
    int failed = 0;
    const PinsLock original = lock;
    // Each step to `events`, or printed as a line of its own.
    const PinEvents report = events ? events : PinEvents([&](const PinEvent &e) {
        QTextStream &to = PinEventText::isProgressOrProblem(e.type) ? err : out;
        to << PinEventText::line(e) << '\n';
        to.flush();
    });
    const auto cancelled = [&] {
        if (cancel.isCancelled())
            report({PinEvent::Type::Cancelled});
        return cancel.isCancelled();
    };
    for (const PinsLock::Component &c : original.components()) {
        for (const PinnedArtifact &a : c.artifacts) {
            if (cancelled())
                return Cancelled;
            if (action == QLatin1String("fetch") && a.sha256.isEmpty()) {
                err << "skip " << c.name << '/' << a.name << ": no SHA-256 recorded (run `labforge pins lock`)\n";
                ++failed;
                continue;
            }
            if (a.source == PinnedArtifact::Source::OciImage) {
                failed += !(action == QLatin1String("lock") ? lockImage(c.name, a, fetcher, &lock, report)
                                                            : skipImage(c.name, a, out));
                continue;
            }
            failed += !fetchArtifact(c.name, a, cache, fetcher, downloads.path(), &lock, report);
        }
    }
    if (action == QLatin1String("lock")) {
        // Pin what kubeadm and the charts name, as any image.
        for (const PinnedArtifact &image :
             discoverKubeadmImages(&lock, cache, report) + discoverChartImages(&lock, cache, report)) {
            if (cancelled())
                return Cancelled;
            failed += !lockImage(image.component, image, fetcher, &lock, report);
        }
        return cancelled() ? Cancelled : writeLock(lock, lockPath, failed, report);
    }
    return failed ? 1 : 0;
}

} // namespace Labforge
