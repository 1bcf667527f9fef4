// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "ContainerImageCache.h"

#include "HostCommand.h"
#include "PartialFile.h"
#include "RegularFile.h"
#include "UntrustedTar.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

namespace Labforge {

namespace {

QString blobPath(const QString &layout, const QString &digest)
{
    return layout + QStringLiteral("/blobs/sha256/") + digest.mid(7);
}

// An OCI index or manifest is a few kilobytes; one of megabytes is not read as one.
constexpr qint64 MaxManifestBytes = 4 << 20;

std::optional<QJsonObject> readJson(const QString &path, QString *error)
{
    const auto data = RegularFile::read(path, MaxManifestBytes, error);
    if (!data)
        return std::nullopt;
    const QJsonDocument doc = QJsonDocument::fromJson(*data);
    if (!doc.isObject()) {
        *error = QStringLiteral("%1 is not a JSON object").arg(path);
        return std::nullopt;
    }
    return doc.object();
}

bool makeArchive(const QString &layout, const QString &archive, QString *error)
{
    const HostCommand::Result r =
        HostCommand(QStringLiteral("tar"),
                    {QStringLiteral("--create"), QStringLiteral("--file"), archive, QStringLiteral("--directory"),
                     layout, QStringLiteral("--owner=0"), QStringLiteral("--group=0"), QStringLiteral("--sort=name"),
                     QStringLiteral("oci-layout"), QStringLiteral("index.json"), QStringLiteral("blobs")})
            .timeout(600000)
            .run();
    if (!r.ok())
        *error = r.describe(QStringLiteral("tar"));
    return r.ok();
}

} // namespace

ContainerImageCache::ContainerImageCache(QString root)
    : m_root(std::move(root))
{ }

QString ContainerImageCache::pathFor(const PinnedArtifact &image) const
{
    return m_root + QStringLiteral("/images/") + image.sha256 + QStringLiteral(".oci.tar");
}

bool ContainerImageCache::contains(const PinnedArtifact &image) const
{
    return !image.sha256.isEmpty() && QFile::exists(pathFor(image));
}

bool ContainerImageCache::fetch(const PinnedArtifact &image, ArtifactFetcher &fetcher, QString *error,
                                const ArtifactFetcher::Progress &progress) const
{
    if (!QDir().mkpath(m_root + QStringLiteral("/images"))) {
        *error = QStringLiteral("cannot create %1/images").arg(m_root);
        return false;
    }
    QTemporaryDir work(m_root + QStringLiteral("/images/.fetch-XXXXXX"));
    if (!work.isValid()) {
        *error = QStringLiteral("cannot create a directory in %1/images: %2").arg(m_root, work.errorString());
        return false;
    }
    const QString layout = work.filePath(QStringLiteral("layout"));
    const QString archive = work.filePath(QStringLiteral("image.oci.tar"));
    return fetcher.fetchImage(image, layout, error, progress) && verifyLayout(layout, image, error)
        && makeArchive(layout, archive, error) && store(archive, image, error);
}

bool ContainerImageCache::store(const QString &archive, const PinnedArtifact &image, QString *error) const
{
    if (!verifyArchive(archive, image, error))
        return false;
    QDir().mkpath(m_root + QStringLiteral("/images"));
    const QString target = pathFor(image);
    const QString partial = PartialFile::pathFor(target);
    QFile::remove(partial);
    if (!QFile::copy(archive, partial)) {
        *error = QStringLiteral("cannot write %1").arg(partial);
        return false;
    }
    return PartialFile::moveIntoPlace(target, error);
}

bool ContainerImageCache::verifyArchive(const QString &archive, const PinnedArtifact &image, QString *error)
{
    // Unpacked beside the archive (a cache or a kit's work directory), not in /tmp (tmpfs),
    // and only once its listing shows plain files and directories.
    QTemporaryDir work(QFileInfo(archive).absolutePath() + QStringLiteral("/.verify-XXXXXX"));
    if (!work.isValid()) {
        *error = QStringLiteral("%1: cannot unpack %2: %3").arg(image.imageReference(), archive, work.errorString());
        return false;
    }
    QString why;
    if (!UntrustedTar(archive).extract(work.path(), &why)) {
        *error = QStringLiteral("%1: %2").arg(image.imageReference(), why);
        return false;
    }
    return verifyLayout(work.path(), image, error);
}

bool ContainerImageCache::verifyLayout(const QString &layout, const PinnedArtifact &image, QString *error)
{
    const QString what = image.pinnedImageReference();
    QString why;
    // Every entry under blobs/sha256 is a regular file whose content is its name.
    const QDir blobs(layout + QStringLiteral("/blobs/sha256"));
    for (const QString &name :
         blobs.entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System, QDir::Name)) {
        const QString digest = RegularFile::sha256(blobs.filePath(name), &why);
        if (digest.isEmpty()) {
            *error = QStringLiteral("%1: the blob sha256:%2: %3").arg(what, name, why);
            return false;
        }
        if (digest != name) {
            *error = QStringLiteral("%1: the blob sha256:%2 does not hold its digest").arg(what, name);
            return false;
        }
    }
    const auto index = readJson(layout + QStringLiteral("/index.json"), &why);
    if (!index) {
        *error = QStringLiteral("%1: the layout's index.json: %2").arg(what, why);
        return false;
    }
    const QJsonArray named = index->value(QStringLiteral("manifests")).toArray();
    if (named.size() != 1
        || named.at(0).toObject().value(QStringLiteral("digest")).toString()
            != QStringLiteral("sha256:") + image.sha256) {
        *error = QStringLiteral("%1: the layout's index.json does not name the pinned digest alone").arg(what);
        return false;
    }
    // The pinned manifest (or index, and its linux/amd64 image) is read as JSON; it names
    // its config and layers, which must be among the blobs hashed above.
    QStringList manifests {QStringLiteral("sha256:") + image.sha256};
    QStringList needed;
    for (qsizetype i = 0; i < manifests.size(); ++i) {
        const auto manifest = readJson(blobPath(layout, manifests.at(i)), &why);
        if (!manifest) {
            *error = QStringLiteral("%1: the manifest %2: %3").arg(what, manifests.at(i), why);
            return false;
        }
        if (manifest->contains(QStringLiteral("manifests"))) {
            bool found = false;
            for (const QJsonValue v : manifest->value(QStringLiteral("manifests")).toArray()) {
                const QJsonObject p = v.toObject().value(QStringLiteral("platform")).toObject();
                if (p.value(QStringLiteral("os")).toString() == QLatin1String("linux")
                    && p.value(QStringLiteral("architecture")).toString() == QLatin1String("amd64")) {
                    manifests.append(v.toObject().value(QStringLiteral("digest")).toString());
                    found = true;
                    break;
                }
            }
            if (!found || manifests.size() > 2) {
                *error = QStringLiteral("%1: the index has no linux/amd64 image").arg(what);
                return false;
            }
        } else {
            needed.append(
                manifest->value(QStringLiteral("config")).toObject().value(QStringLiteral("digest")).toString());
            for (const QJsonValue layer : manifest->value(QStringLiteral("layers")).toArray())
                needed.append(layer.toObject().value(QStringLiteral("digest")).toString());
        }
    }
    for (const QString &digest : std::as_const(needed)) {
        const QFileInfo blob(blobPath(layout, digest));
        if (!digest.startsWith(QLatin1String("sha256:")) || digest.size() != 71 || blob.isSymLink() || !blob.isFile()) {
            *error = QStringLiteral("%1: %2 is missing from the layout").arg(what, digest);
            return false;
        }
    }
    return true;
}

} // namespace Labforge
