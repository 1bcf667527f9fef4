// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "PinOps.h"

#include "ArtifactFetcher.h"
#include "HostCommand.h"

#include <QDateTime>
#include <QFile>
#include <QRegularExpression>
#include <QSaveFile>
#include <QTemporaryDir>

namespace Labforge {

namespace {

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
    report({PinEvent::Type::ImagePinned, artifact, pinned.pinnedImageReference(), PinOps::provenance(pinned)});
    return true;
}

// `pins fetch` of an image: nothing to download into the artifact cache (the lab pulls it by
// digest, a kit carries it); an image without a digest fails like an artifact without one.
bool skipImage(const QString &component, const PinnedArtifact &a, const PinEvents &report)
{
    const QString artifact = component + QLatin1Char('/') + a.name;
    if (a.sha256.isEmpty()) {
        report({PinEvent::Type::ImageNoDigest, artifact});
        return false;
    }
    report({PinEvent::Type::ImageByDigest, artifact, a.pinnedImageReference(), PinOps::provenance(a)});
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

// Fetches one artifact into the cache (verified against its digest, or pinned from this
// first pull for `lock`); false when it failed.
bool fetchArtifact(const QString &component, const PinnedArtifact &a, const ArtifactCache &cache,
                   ArtifactFetcher &fetcher, const QString &downloads, PinsLock *lock, const PinEvents &report)
{
    const QString artifact = component + QLatin1Char('/') + a.name;
    const ArtifactCache::Check cached = cache.check(a);
    if (cached.state == ArtifactCache::Check::State::Ok) {
        report({PinEvent::Type::Cached, artifact, a.sha256, PinOps::provenance(a)});
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
            PinOps::provenance(pinned)
                + (fetched->signature.isEmpty() ? QString() : QStringLiteral("; ") + fetched->signature)});
    return true;
}

// Each artifact of `original` in turn, fetched (and, for `lock`, pinned) into `lock`; false
// when cancelled.
bool fetchAll(const PinsLock &original, bool pinning, const ArtifactCache &cache, ArtifactFetcher &fetcher,
              PinsLock *lock, const std::function<bool()> &cancelled, const PinEvents &report, int *failed)
{
    QTemporaryDir downloads;
    for (const PinsLock::Component &c : original.components()) {
        for (const PinnedArtifact &a : c.artifacts) {
            if (cancelled())
                return false;
            if (!pinning && a.sha256.isEmpty()) {
                report({PinEvent::Type::NoDigest, c.name + QLatin1Char('/') + a.name});
                ++*failed;
                continue;
            }
            if (a.source == PinnedArtifact::Source::OciImage) {
                *failed += !(pinning ? lockImage(c.name, a, fetcher, lock, report) : skipImage(c.name, a, report));
                continue;
            }
            *failed += !fetchArtifact(c.name, a, cache, fetcher, downloads.path(), lock, report);
        }
    }
    return true;
}

// A stop asked for through `cancel`, said once as an event.
std::function<bool()> cancelCheck(const CancelToken &cancel, const PinEvents &report)
{
    return [cancel, report] {
        if (cancel.isCancelled())
            report({PinEvent::Type::Cancelled});
        return cancel.isCancelled();
    };
}

} // namespace

QString PinOps::provenance(const PinnedArtifact &a)
{
    return a.provenance == PinnedArtifact::Provenance::None ? QStringLiteral("not-pinned")
                                                            : PinnedArtifact::provenanceName(a.provenance);
}

Outcome<PinsLock> PinOps::load(const QString &file)
{
    if (file.isEmpty() || !QFile::exists(file))
        return PinsLock::builtIn();
    QString error;
    auto loaded = PinsLock::fromFile(file, &error);
    if (!loaded)
        return OpError::runnerWords(OpError::Kind::Unusable, QStringLiteral("pins.lock_unreadable"),
                                    file + QStringLiteral(": ") + error, {file, {}, {}});
    return *loaded;
}

Outcome<PinOps::Done> PinOps::lock(const PinsLock &start, const QString &file, const QString &cacheRoot,
                                   const CancelToken &cancel, const PinEvents &events)
{
    if (file.isEmpty())
        return OpError(OpError::Kind::Unusable, QStringLiteral("pins.no_lock_file"),
                       QT_TRANSLATE_NOOP("Labforge::Operations", "no lock file to write was given"), {}, {});
    const PinEvents report = events ? events : PinEvents([](const PinEvent &) {});
    const ArtifactCache cache(cacheRoot);
    ArtifactFetcher fetcher;
    fetcher.setCancelToken(cancel); // a download under way stops at once
    const auto cancelled = cancelCheck(cancel, report);
    Done done;
    done.cancelled = true;
    PinsLock lock = start;
    if (!fetchAll(start, true, cache, fetcher, &lock, cancelled, report, &done.failed))
        return done;
    // Pin what kubeadm and the charts name, as any image.
    for (const PinnedArtifact &image :
         discoverKubeadmImages(&lock, cache, report) + discoverChartImages(&lock, cache, report)) {
        if (cancelled())
            return done;
        done.failed += !lockImage(image.component, image, fetcher, &lock, report);
    }
    if (cancelled())
        return done;
    done.cancelled = false;
    QSaveFile out(file);
    if (!out.open(QIODevice::WriteOnly) || out.write(lock.toJson()) < 0 || !out.commit())
        return OpError(OpError::Kind::Failed, QStringLiteral("pins.write_failed"),
                       QT_TRANSLATE_NOOP("Labforge::Operations", "cannot write %1: %2"), {file, out.errorString()},
                       {file, {}, {}});
    done.written = file;
    report({PinEvent::Type::Wrote, {}, file, {}, 0, 0, done.failed});
    return done;
}

PinOps::Done PinOps::fetch(const PinsLock &lock, const QString &cacheRoot, const CancelToken &cancel,
                           const PinEvents &events)
{
    const PinEvents report = events ? events : PinEvents([](const PinEvent &) {});
    const ArtifactCache cache(cacheRoot);
    ArtifactFetcher fetcher;
    fetcher.setCancelToken(cancel);
    Done done;
    PinsLock fetched = lock; // first pulls are not recorded: fetch writes no lock
    done.cancelled =
        !fetchAll(lock, false, cache, fetcher, &fetched, cancelCheck(cancel, report), report, &done.failed);
    return done;
}

QList<PinOps::Checked> PinOps::verify(const PinsLock &lock, const QString &cacheRoot)
{
    const ArtifactCache cache(cacheRoot);
    QList<Checked> rows;
    for (const PinsLock::Component &c : lock.components()) {
        for (const PinnedArtifact &a : c.artifacts) {
            Checked row {c.name, a.name, provenance(a), a.source == PinnedArtifact::Source::OciImage, {}, a.sha256, {}};
            if (row.image)
                row.reference = a.sha256.isEmpty() ? QString() : a.pinnedImageReference();
            else
                row.check = cache.check(a);
            rows.append(row);
        }
    }
    return rows;
}

} // namespace Labforge
