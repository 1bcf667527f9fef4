// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "OfflineKit.h"

#include "ArtifactCache.h"
#include "Bundle.h"
#include "CanonicalJson.h"
#include "ContainerImageCache.h"
#include "DebianKitMirror.h"
#include "HostCommand.h"
#include "OutputFile.h"
#include "Sha256.h"
#include "UntrustedTar.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QTemporaryDir>

namespace Labforge {

namespace {

constexpr auto Format = "labforge/kit@1";

bool tar(const QStringList &arguments, QString *error)
{
    const HostCommand::Result r = HostCommand(QStringLiteral("tar"), arguments).timeout(3600000).run();
    if (!r.ok())
        *error = r.describe(QStringLiteral("tar"));
    return r.ok();
}

QJsonObject describe(const PinnedArtifact &a, const QString &file)
{
    return QJsonObject {{QStringLiteral("component"), a.component},
                        {QStringLiteral("name"), a.name},
                        {QStringLiteral("sha256"), a.sha256},
                        {QStringLiteral("provenance"), PinnedArtifact::provenanceName(a.provenance)},
                        {QStringLiteral("file"), file}};
}

bool replaceDirectory(const QString &from, const QString &to, QString *error)
{
    const QString old = to + QStringLiteral(".old");
    QDir(old).removeRecursively();
    QDir().mkpath(QFileInfo(to).path());
    if ((QFileInfo::exists(to) && !QDir().rename(to, old)) || !QDir().rename(from, to)) {
        *error = QStringLiteral("cannot move %1 into place").arg(to);
        return false;
    }
    QDir(old).removeRecursively();
    return true;
}

} // namespace

OfflineKit::Contents OfflineKit::contentsOf(const Bundle &bundle, const QString &lab)
{
    Contents c;
    c.lab = lab;
    auto add = [](QList<PinnedArtifact> &list, const PinnedArtifact &a) {
        for (const PinnedArtifact &other : list) {
            if (other.component == a.component && other.name == a.name)
                return;
        }
        PinnedArtifact plain = a; // placement is per node, the kit holds the file once
        plain.destination.clear();
        list.append(plain);
    };
    for (const Bundle::NodeImage &n : bundle.nodes) {
        c.suite = n.suite;
        for (const PinnedArtifact &a : n.output.artifacts)
            add(c.artifacts, a);
        for (const PinnedArtifact &i : n.output.images)
            add(c.images, i);
        for (const QString &p : n.output.packages) {
            const QString name = p.section(QLatin1Char('='), 0, 0);
            if (!c.packages.contains(name))
                c.packages.append(name);
        }
    }
    c.packages.sort();
    return c;
}

QString OfflineKit::exportRefusal(const Contents &contents)
{
    QStringList unpinned;
    for (const PinnedArtifact &i : contents.images) {
        if (i.sha256.isEmpty())
            unpinned.append(i.imageReference());
    }
    if (unpinned.isEmpty())
        return {};
    return QStringLiteral("A kit carries every container image by its digest, and the pins lock has none for %1 "
                          "image(s): %2. Pin them first on a machine with access to their registries (`labforge pins "
                          "lock`, then choose the lock it writes in Build and Boot).")
        .arg(unpinned.size())
        .arg(unpinned.join(QStringLiteral(", ")));
}

bool OfflineKit::exportKit(const Contents &contents, const PinsLock &lock, const Caches &caches, const QString &file,
                           ArtifactFetcher *fetcher, const Log &log, QString *error)
{
    if (!OutputFile::checkTarget(file, error))
        return false;
    QTemporaryDir work(QFileInfo(file).absolutePath() + QStringLiteral("/.labforge-kit-XXXXXX"));
    if (!work.isValid()) {
        *error = QStringLiteral("cannot create a work directory beside %1: %2").arg(file, work.errorString());
        return false;
    }
    const QString root = work.filePath(QStringLiteral("kit"));
    QDir().mkpath(root + QStringLiteral("/artifacts"));
    QDir().mkpath(root + QStringLiteral("/images"));
    QStringList problems;
    QJsonArray artifacts;
    const ArtifactCache artifactCache(caches.artifacts());
    for (const PinnedArtifact &a : contents.artifacts) {
        QString why;
        const QString path = artifactCache.lookup(a, &why);
        const QString name = QStringLiteral("artifacts/") + a.sha256;
        if (path.isEmpty()
            || (!QFile::exists(root + QLatin1Char('/') + name) && !QFile::copy(path, root + QLatin1Char('/') + name))) {
            problems.append(why.isEmpty() ? QStringLiteral("cannot copy %1").arg(path) : why);
            continue;
        }
        artifacts.append(describe(a, name));
        log(QStringLiteral("artifact %1/%2 %3").arg(a.component, a.name, a.sha256));
    }
    QJsonArray images;
    const ContainerImageCache imageCache(caches.artifacts());
    for (const PinnedArtifact &i : contents.images) {
        if (i.sha256.isEmpty()) {
            problems.append(QStringLiteral("the image %1 has no digest in the pins lock (run `labforge pins lock`)")
                                .arg(i.imageReference()));
            continue;
        }
        QString why;
        if (!imageCache.contains(i)) {
            log(QStringLiteral("image %1: fetching by digest").arg(i.pinnedImageReference()));
            if (!fetcher || !imageCache.fetch(i, *fetcher, &why)) {
                problems.append(
                    why.isEmpty() ? QStringLiteral("the image %1 is not cached").arg(i.pinnedImageReference()) : why);
                continue;
            }
        }
        const QString name = QStringLiteral("images/%1.oci.tar").arg(i.sha256);
        QJsonObject entry = describe(i, name);
        entry.insert(QStringLiteral("reference"), i.imageReference());
        if (QFile::exists(root + QLatin1Char('/') + name)) { // another pin of the same image
            images.append(entry);
            continue;
        }
        if (!ContainerImageCache::verifyArchive(imageCache.pathFor(i), i, &why)
            || !QFile::copy(imageCache.pathFor(i), root + QLatin1Char('/') + name)) {
            problems.append(why.isEmpty() ? QStringLiteral("cannot copy %1").arg(imageCache.pathFor(i)) : why);
            continue;
        }
        images.append(entry);
        log(QStringLiteral("image %1").arg(i.pinnedImageReference()));
    }
    QStringList missing;
    int debs = 0;
    QString why;
    if (!DebianKitMirror::write(caches.packages, caches.packageLists, contents.suite, root + QStringLiteral("/debian"),
                                contents.packages, &missing, &debs, &why))
        problems.append(why);
    else if (!missing.isEmpty())
        problems.append(QStringLiteral("the package cache has no .deb (at the version Debian's saved index lists) of: "
                                       "%1; build the lab with `--force` where the Debian mirror is reachable")
                            .arg(missing.join(QStringLiteral(", "))));
    if (!problems.isEmpty()) {
        *error = QStringLiteral("no kit written:\n  ") + problems.join(QStringLiteral("\n  "));
        return false;
    }
    log(QStringLiteral("Debian %1: %2 packages with Debian's signed index").arg(contents.suite).arg(debs));
    const QJsonObject manifest {{QStringLiteral("format"), QString::fromLatin1(Format)},
                                {QStringLiteral("lab"), contents.lab},
                                {QStringLiteral("suite"), contents.suite},
                                {QStringLiteral("artifacts"), artifacts},
                                {QStringLiteral("images"), images},
                                {QStringLiteral("debian_packages"), debs}};
    QFile kitJson(root + QStringLiteral("/kit.json"));
    QFile lockJson(root + QStringLiteral("/pins.lock.json"));
    if (!kitJson.open(QIODevice::WriteOnly) || kitJson.write(CanonicalJson::write(manifest)) < 0
        || !lockJson.open(QIODevice::WriteOnly) || lockJson.write(lock.toJson()) < 0) {
        *error = QStringLiteral("cannot write the kit's manifest in %1").arg(root);
        return false;
    }
    kitJson.close();
    lockJson.close();
    // The kit is packed beside the file and renamed over it when whole.
    OutputFile out(file);
    return out.prepare(error)
        && tar({QStringLiteral("--create"), QStringLiteral("--file"), out.temporaryPath(),
                QStringLiteral("--directory"), root, QStringLiteral("--owner=0"), QStringLiteral("--group=0"),
                QStringLiteral("--sort=name"), QStringLiteral(".")},
               error)
        && out.commit(error);
}

std::optional<PinsLock> OfflineKit::mergedLock(const PinsLock &trusted, const PinsLock &kit, const QString &kitName,
                                               QString *why)
{
    PinsLock merged = trusted;
    for (const PinsLock::Component &c : kit.components()) {
        for (const PinnedArtifact &a : c.artifacts) {
            QStringList absent;
            const PinnedArtifact known = trusted.artifact(c.name, a.name, &absent);
            if (!absent.isEmpty()) {
                *why = QStringLiteral("its lock adds %1/%2, which this labforge's lock does not pin (import with "
                                      "--pins naming the lock the lab was pinned with)")
                           .arg(c.name, a.name);
                return std::nullopt;
            }
            PinnedArtifact same = a;
            same.sha256 = known.sha256;
            same.provenance = known.provenance;
            same.digestSource = known.digestSource;
            if (!(same == known)) {
                *why = QStringLiteral("its lock pins %1/%2 otherwise than this labforge's lock (%3 %4 against %5 "
                                      "%6): a kit may only fill digests the trusted lock leaves empty")
                           .arg(c.name, a.name, a.url, a.version, known.url, known.version);
                return std::nullopt;
            }
            if (!known.sha256.isEmpty() && known.sha256 != a.sha256) {
                *why = QStringLiteral("its lock gives %1/%2 the digest %3, but this labforge's lock pins %4 (%5)")
                           .arg(c.name, a.name, a.sha256.isEmpty() ? QStringLiteral("(none)") : a.sha256, known.sha256,
                                PinnedArtifact::provenanceName(known.provenance));
                return std::nullopt;
            }
            if (known.sha256.isEmpty() && !a.sha256.isEmpty()
                && !merged.pinFirstPull(c.name, a.name, a.sha256,
                                        QStringLiteral("offline kit %1 (the exporting site's lock recorded it as %2)")
                                            .arg(kitName, PinnedArtifact::provenanceName(a.provenance)),
                                        why))
                return std::nullopt;
        }
    }
    // The components' versions are the lock's too: a kit may not change one.
    QStringList changed;
    for (const PinsLock::Component &c : kit.components()) {
        const QString known = trusted.version(c.name);
        if (known != c.version)
            changed.append(QStringLiteral("%1 %2 (this labforge's lock: %3)")
                               .arg(c.name, c.version.isEmpty() ? QStringLiteral("(none)") : c.version,
                                    known.isEmpty() ? QStringLiteral("(none)") : known));
    }
    if (!changed.isEmpty()) {
        *why = QStringLiteral("its lock pins other component versions than this labforge's lock: %1 (a kit's versions "
                              "must equal the trusted lock's)")
                   .arg(changed.join(QStringLiteral(", ")));
        return std::nullopt;
    }
    return merged;
}

bool OfflineKit::importKit(const QString &file, const Caches &caches, const QString &keyring, const PinsLock &trusted,
                           const Log &log, QString *error)
{
    QDir().mkpath(caches.root);
    QTemporaryDir work(caches.root + QStringLiteral("/.kit-import-XXXXXX"));
    if (!work.isValid() || !QFileInfo(file).isFile()) {
        *error = QStringLiteral("%1: %2").arg(
            file, QFileInfo(file).isFile() ? work.errorString() : QStringLiteral("no such file"));
        return false;
    }
    const QString root = work.path();
    // A kit is a plain tar (the exporter writes one) of plain files and directories below
    // its root, checked before anything is unpacked.
    if (QString why; !UntrustedTar(file).extract(root, &why)) {
        *error = why + QStringLiteral("; nothing imported");
        return false;
    }
    QFile kitJson(root + QStringLiteral("/kit.json"));
    const QJsonObject manifest =
        kitJson.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(kitJson.readAll()).object() : QJsonObject();
    if (manifest.value(QStringLiteral("format")).toString() != QLatin1String(Format)) {
        *error = QStringLiteral("%1: not a labforge kit (kit.json/format is not %2)").arg(file, QLatin1String(Format));
        return false;
    }
    QString why;
    const auto lock = PinsLock::fromFile(root + QStringLiteral("/pins.lock.json"), &why);
    if (!lock) {
        *error = QStringLiteral("%1: pins.lock.json: %2").arg(file, why);
        return false;
    }
    // The kit's lock may only fill digests the trusted lock leaves empty; everything else in
    // it must be what the trusted lock says. What it fills is marked as coming from this kit
    // (first-pull provenance naming the kit), and that merged lock, never the kit's own, is
    // what the import writes.
    std::optional<PinsLock> merged = mergedLock(trusted, *lock, QFileInfo(file).fileName(), &why);
    if (!merged) {
        *error = QStringLiteral("%1: %2; nothing imported").arg(file, why);
        return false;
    }
    // Every entry must be what the kit's lock pins: the digest, not the kit, decides.
    auto pinned = [&](const QJsonObject &e, const QString &where, PinnedArtifact *out) {
        QStringList missing;
        *out = merged->artifact(e.value(QStringLiteral("component")).toString(),
                                e.value(QStringLiteral("name")).toString(), &missing);
        if (!missing.isEmpty() || out->sha256.isEmpty()
            || out->sha256 != e.value(QStringLiteral("sha256")).toString()) {
            *error =
                QStringLiteral("%1: kit.json%2 is not an entry its pins lock pins with that digest").arg(file, where);
            return false;
        }
        return true;
    };
    const QJsonArray artifacts = manifest.value(QStringLiteral("artifacts")).toArray();
    const QJsonArray images = manifest.value(QStringLiteral("images")).toArray();
    for (qsizetype i = 0; i < artifacts.size(); ++i) {
        PinnedArtifact a;
        const QString where = QStringLiteral("/artifacts/%1").arg(i);
        if (!pinned(artifacts.at(i).toObject(), where, &a))
            return false;
        const QString path = root + QStringLiteral("/artifacts/") + a.sha256;
        const QString actual = Sha256::ofFile(path);
        if (actual != a.sha256) {
            *error =
                QStringLiteral("%1: %2/%3 has SHA-256 %4 in the kit, but the lock pins %5; nothing imported")
                    .arg(file, a.component, a.name, actual.isEmpty() ? QStringLiteral("(missing)") : actual, a.sha256);
            return false;
        }
    }
    for (qsizetype i = 0; i < images.size(); ++i) {
        PinnedArtifact image;
        if (!pinned(images.at(i).toObject(), QStringLiteral("/images/%1").arg(i), &image))
            return false;
        if (!ContainerImageCache::verifyArchive(root + QStringLiteral("/images/%1.oci.tar").arg(image.sha256), image,
                                                &why)) {
            *error = QStringLiteral("%1: %2; nothing imported").arg(file, why);
            return false;
        }
    }
    const QString suite = manifest.value(QStringLiteral("suite")).toString();
    if (!DebianKitMirror::verify(root + QStringLiteral("/debian"), suite, keyring, &why)) {
        *error = QStringLiteral("%1: %2; nothing imported").arg(file, why);
        return false;
    }
    log(QStringLiteral("verified: %1 artifacts, %2 images, Debian %3 packages signed by Debian's archive key")
            .arg(artifacts.size())
            .arg(images.size())
            .arg(suite));
    // Everything checked: into the caches.
    const ArtifactCache artifactCache(caches.artifacts());
    for (const QJsonValue v : artifacts) {
        PinnedArtifact a;
        pinned(v.toObject(), {}, &a);
        if (!artifactCache.store(root + QStringLiteral("/artifacts/") + a.sha256, a.sha256, error))
            return false;
        log(QStringLiteral("artifact %1/%2 → %3").arg(a.component, a.name, artifactCache.pathFor(a.sha256)));
    }
    const ContainerImageCache imageCache(caches.artifacts());
    for (const QJsonValue v : images) {
        PinnedArtifact image;
        pinned(v.toObject(), {}, &image);
        if (!imageCache.store(root + QStringLiteral("/images/%1.oci.tar").arg(image.sha256), image, error))
            return false;
        log(QStringLiteral("image %1 → %2").arg(image.pinnedImageReference(), imageCache.pathFor(image)));
    }
    if (!replaceDirectory(root + QStringLiteral("/debian"), caches.mirror(), error))
        return false;
    log(QStringLiteral("Debian %1 packages → file://%2 (builds use it while it is there)").arg(suite, caches.mirror()));
    QSaveFile lockFile(caches.lock());
    if (!lockFile.open(QIODevice::WriteOnly) || lockFile.write(merged->toJson()) < 0 || !lockFile.commit()) {
        *error = QStringLiteral("cannot write %1").arg(caches.lock());
        return false;
    }
    log(QStringLiteral("pins lock → %1 (build and up with --pins %1)").arg(caches.lock()));
    return true;
}

} // namespace Labforge
