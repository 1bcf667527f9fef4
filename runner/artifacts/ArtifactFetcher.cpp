// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "ArtifactFetcher.h"

#include "PinsLock.h"
#include "Sha256.h"
#include "SignatureVerifier.h"

#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkReply>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTimer>
#include <QUrlQuery>

namespace Labforge {

namespace {

QString fileNameFor(const PinnedArtifact &a)
{
    return QStringLiteral("%1-%2.download").arg(a.component, a.name);
}

// The registry API's host: Docker Hub's images are named docker.io/… but served by
// registry-1.docker.io.
QString apiHost(const QString &host)
{
    return host == QLatin1String("docker.io") ? QStringLiteral("registry-1.docker.io") : host;
}

// Registries on this machine (tests) speak plain HTTP; every other one HTTPS.
QString schemeFor(const QString &host)
{
    return host.startsWith(QLatin1String("127.")) || host.startsWith(QLatin1String("localhost"))
        ? QStringLiteral("http")
        : QStringLiteral("https");
}

const QByteArray ManifestTypes = "application/vnd.oci.image.index.v1+json, "
                                 "application/vnd.docker.distribution.manifest.list.v2+json, "
                                 "application/vnd.oci.image.manifest.v1+json, "
                                 "application/vnd.docker.distribution.manifest.v2+json";

bool isIndex(const QJsonObject &manifest)
{
    return manifest.contains(QStringLiteral("manifests"));
}

bool writeBlob(const QString &layout, const QString &hex, const QByteArray &bytes, QString *error)
{
    QFile f(layout + QStringLiteral("/blobs/sha256/") + hex);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size()) {
        *error = QStringLiteral("cannot write %1: %2").arg(f.fileName(), f.errorString());
        return false;
    }
    return true;
}

} // namespace

ArtifactFetcher::ArtifactFetcher(int transferTimeoutMs)
    : m_timeoutMs(transferTimeoutMs)
{ }

void ArtifactFetcher::waitFor(QNetworkReply *reply) const
{
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, reply, [this, reply] {
        if (m_cancel.isCancelled() && reply->isRunning())
            reply->abort(); // finished follows
    });
    poll.start(50);
    if (!reply->isFinished())
        loop.exec();
}

std::optional<QByteArray> ArtifactFetcher::get(const QUrl &url, const QList<std::pair<QByteArray, QByteArray>> &headers,
                                               QString *error, ReplyHeaders *replyHeaders)
{
    QNetworkRequest request(url);
    request.setTransferTimeout(m_timeoutMs);
    for (const auto &[name, value] : headers)
        request.setRawHeader(name, value);
    QNetworkReply *reply = m_manager.get(request);
    waitFor(reply);
    reply->deleteLater();
    if (replyHeaders) {
        replyHeaders->status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        replyHeaders->authenticate = reply->rawHeader("WWW-Authenticate");
        replyHeaders->contentDigest = reply->rawHeader("Docker-Content-Digest");
    }
    if (reply->error() != QNetworkReply::NoError) {
        *error = QStringLiteral("GET %1: %2").arg(url.toString(), reply->errorString());
        return std::nullopt;
    }
    return reply->readAll();
}

std::optional<QByteArray> ArtifactFetcher::registryGet(const QString &base, const QString &repository,
                                                       const QString &path, const QByteArray &accept, QByteArray *token,
                                                       QString *error, ReplyHeaders *replyHeaders)
{
    const QUrl url(base + path);
    QList<std::pair<QByteArray, QByteArray>> headers {{"Accept", accept}};
    if (!token->isEmpty())
        headers.append({"Authorization", "Bearer " + *token});
    ReplyHeaders first;
    QString firstError;
    auto body = get(url, headers, &firstError, &first);
    if (body || first.status != 401 || !first.authenticate.startsWith("Bearer ")) {
        if (!body)
            *error = firstError;
        if (replyHeaders)
            *replyHeaders = first;
        return body;
    }
    // WWW-Authenticate: Bearer realm="…",service="…",scope="…" → anonymous pull token.
    QHash<QString, QString> params;
    static const QRegularExpression pair(QStringLiteral("(\\w+)=\"([^\"]*)\""));
    for (auto it = pair.globalMatch(QString::fromLatin1(first.authenticate)); it.hasNext();) {
        const auto p = it.next();
        params.insert(p.captured(1), p.captured(2));
    }
    QUrl realm(params.value(QStringLiteral("realm")));
    QUrlQuery query;
    query.addQueryItem(QStringLiteral("service"), params.value(QStringLiteral("service")));
    query.addQueryItem(QStringLiteral("scope"),
                       params.value(QStringLiteral("scope"), QStringLiteral("repository:%1:pull").arg(repository)));
    realm.setQuery(query);
    const auto tokenJson = get(realm, {}, error);
    if (!tokenJson)
        return std::nullopt;
    const QJsonObject t = QJsonDocument::fromJson(*tokenJson).object();
    *token = (t.contains(QStringLiteral("token")) ? t.value(QStringLiteral("token"))
                                                  : t.value(QStringLiteral("access_token")))
                 .toString()
                 .toUtf8();
    return get(url, {{"Accept", accept}, {"Authorization", "Bearer " + *token}}, error, replyHeaders);
}

std::optional<QString> ArtifactFetcher::resolveImage(const PinnedArtifact &a, QString *error)
{
    static const QRegularExpression reference(QStringLiteral("^docker://([^/]+)/(.+)$"));
    const auto m = reference.match(a.url);
    if (a.source != PinnedArtifact::Source::OciImage || !m.hasMatch()) {
        *error = QStringLiteral("%1 is not a docker://registry/repository image").arg(a.url);
        return std::nullopt;
    }
    const QString host = m.captured(1);
    const QString repository = m.captured(2);
    // The digest a pull by tag resolves to: the multi-platform index where there is one,
    // else the manifest. Both media type families, since registries serve either.
    QByteArray token;
    ReplyHeaders headers;
    const auto manifest =
        registryGet(QStringLiteral("%1://%2/v2/%3").arg(schemeFor(host), apiHost(host), repository), repository,
                    QStringLiteral("/manifests/") + a.version, ManifestTypes, &token, error, &headers);
    if (!manifest) {
        *error = QStringLiteral("%1: %2").arg(a.imageReference(), *error);
        return std::nullopt;
    }
    const QString digest = Sha256::ofData(*manifest);
    const QByteArray claimed = headers.contentDigest;
    if (!claimed.isEmpty() && claimed != "sha256:" + digest.toLatin1()) {
        *error = QStringLiteral("%1: the registry names digest %2 but its manifest hashes to sha256:%3; refusing it")
                     .arg(a.imageReference(), QString::fromLatin1(claimed), digest);
        return std::nullopt;
    }
    if (!QJsonDocument::fromJson(*manifest).isObject()) {
        *error = QStringLiteral("%1: the registry's answer is not a manifest").arg(a.imageReference());
        return std::nullopt;
    }
    return digest;
}

std::optional<qint64> ArtifactFetcher::size(const PinnedArtifact &a)
{
    QString error;
    if (a.source != PinnedArtifact::Source::OciImage && a.source != PinnedArtifact::Source::HelmOci) {
        QNetworkRequest request {QUrl(a.url)};
        request.setTransferTimeout(m_timeoutMs);
        QNetworkReply *reply = m_manager.head(request);
        waitFor(reply);
        reply->deleteLater();
        const QVariant length = reply->header(QNetworkRequest::ContentLengthHeader);
        if (reply->error() != QNetworkReply::NoError || !length.isValid())
            return std::nullopt;
        return length.toLongLong();
    }
    static const QRegularExpression reference(QStringLiteral("^(?:docker|oci)://([^/]+)/(.+)$"));
    const auto m = reference.match(a.url);
    if (!m.hasMatch())
        return std::nullopt;
    const QString host = m.captured(1);
    const QString repository = m.captured(2);
    const QString base = QStringLiteral("%1://%2/v2/%3").arg(schemeFor(host), apiHost(host), repository);
    QByteArray token;
    const QString tag = a.sha256.isEmpty() ? a.version : QStringLiteral("sha256:") + a.sha256;
    const auto manifest =
        registryGet(base, repository, QStringLiteral("/manifests/") + tag, ManifestTypes, &token, &error);
    QJsonObject object = manifest ? QJsonDocument::fromJson(*manifest).object() : QJsonObject();
    // An index: the linux/amd64 image's own manifest.
    for (const QJsonValue entry : object.value(QStringLiteral("manifests")).toArray()) {
        const QJsonObject platform = entry.toObject().value(QStringLiteral("platform")).toObject();
        if (platform.value(QStringLiteral("os")).toString() != u"linux"
            || platform.value(QStringLiteral("architecture")).toString() != u"amd64")
            continue;
        const auto own =
            registryGet(base, repository,
                        QStringLiteral("/manifests/") + entry.toObject().value(QStringLiteral("digest")).toString(),
                        ManifestTypes, &token, &error);
        object = own ? QJsonDocument::fromJson(*own).object() : QJsonObject();
        break;
    }
    const QJsonArray layers = object.value(QStringLiteral("layers")).toArray();
    if (layers.isEmpty())
        return std::nullopt;
    qint64 total = object.value(QStringLiteral("config")).toObject().value(QStringLiteral("size")).toInteger();
    for (const QJsonValue layer : layers)
        total += layer.toObject().value(QStringLiteral("size")).toInteger();
    return total;
}

bool ArtifactFetcher::fetchImage(const PinnedArtifact &a, const QString &layout, QString *error,
                                 const Progress &progress)
{
    static const QRegularExpression reference(QStringLiteral("^docker://([^/]+)/(.+)$"));
    const auto m = reference.match(a.url);
    if (a.source != PinnedArtifact::Source::OciImage || !m.hasMatch() || a.sha256.isEmpty()) {
        *error = QStringLiteral("%1/%2 is not a pinned docker://registry/repository image").arg(a.component, a.name);
        return false;
    }
    const QString repository = m.captured(2);
    const QString base =
        QStringLiteral("%1://%2/v2/%3").arg(schemeFor(m.captured(1)), apiHost(m.captured(1)), repository);
    const QString what = a.pinnedImageReference();
    if (!QDir().mkpath(layout + QStringLiteral("/blobs/sha256"))) {
        *error = QStringLiteral("cannot create %1").arg(layout);
        return false;
    }
    QByteArray token;
    // A manifest by digest, checked against it.
    auto manifest = [&](const QString &hex, QString *mediaType) -> std::optional<QJsonObject> {
        ReplyHeaders headers;
        const auto bytes = registryGet(base, repository, QStringLiteral("/manifests/sha256:") + hex, ManifestTypes,
                                       &token, error, &headers);
        if (!bytes)
            return std::nullopt;
        if (Sha256::ofData(*bytes) != hex) {
            *error = QStringLiteral("%1: the registry's manifest sha256:%2 hashes to sha256:%3; refusing it")
                         .arg(what, hex, Sha256::ofData(*bytes));
            return std::nullopt;
        }
        const QJsonObject object = QJsonDocument::fromJson(*bytes).object();
        *mediaType = object.value(QStringLiteral("mediaType")).toString();
        if (!writeBlob(layout, hex, *bytes, error))
            return std::nullopt;
        return object;
    };
    QString topType;
    const auto top = manifest(a.sha256, &topType);
    if (!top)
        return false;
    QString imageHex = a.sha256;
    QJsonObject image = *top;
    if (isIndex(*top)) {
        imageHex.clear();
        for (const QJsonValue v : top->value(QStringLiteral("manifests")).toArray()) {
            const QJsonObject platform = v.toObject().value(QStringLiteral("platform")).toObject();
            if (platform.value(QStringLiteral("os")).toString() == QLatin1String("linux")
                && platform.value(QStringLiteral("architecture")).toString() == QLatin1String("amd64")) {
                imageHex = v.toObject().value(QStringLiteral("digest")).toString().mid(7);
                break;
            }
        }
        QString imageType;
        const auto platformManifest = imageHex.isEmpty() ? std::nullopt : manifest(imageHex, &imageType);
        if (!platformManifest) {
            if (imageHex.isEmpty())
                *error = QStringLiteral("%1 has no linux/amd64 image").arg(what);
            return false;
        }
        image = *platformManifest;
    }
    if (topType.isEmpty())
        topType = isIndex(*top) ? QStringLiteral("application/vnd.oci.image.index.v1+json")
                                : QStringLiteral("application/vnd.oci.image.manifest.v1+json");
    QStringList blobs {image.value(QStringLiteral("config")).toObject().value(QStringLiteral("digest")).toString()};
    for (const QJsonValue layer : image.value(QStringLiteral("layers")).toArray())
        blobs.append(layer.toObject().value(QStringLiteral("digest")).toString());
    for (const QString &digest : std::as_const(blobs)) {
        static const QRegularExpression sha(QStringLiteral("^sha256:[0-9a-f]{64}$"));
        if (!sha.match(digest).hasMatch()) {
            *error =
                QStringLiteral("%1: the manifest names a blob \"%2\" that is not a sha256 digest").arg(what, digest);
            return false;
        }
        const QString target = layout + QStringLiteral("/blobs/sha256/") + digest.mid(7);
        if (QFile::exists(target))
            continue; // a layer listed twice
        const auto fetched = download(QUrl(base + QStringLiteral("/blobs/") + digest), token, target, error, progress);
        if (!fetched)
            return false;
        if (fetched->sha256 != digest.mid(7)) {
            QFile::remove(target);
            *error =
                QStringLiteral("%1: the blob %2 hashes to sha256:%3; refusing it").arg(what, digest, fetched->sha256);
            return false;
        }
    }
    const QJsonObject descriptor {
        {QStringLiteral("mediaType"), topType},
        {QStringLiteral("digest"), QStringLiteral("sha256:") + a.sha256},
        {QStringLiteral("size"), QFileInfo(layout + QStringLiteral("/blobs/sha256/") + a.sha256).size()},
        {QStringLiteral("annotations"),
         QJsonObject {{QStringLiteral("io.containerd.image.name"), a.imageReference()},
                      {QStringLiteral("org.opencontainers.image.ref.name"), a.version}}}};
    const QJsonObject index {{QStringLiteral("schemaVersion"), 2},
                             {QStringLiteral("manifests"), QJsonArray {descriptor}}};
    QFile indexFile(layout + QStringLiteral("/index.json"));
    QFile layoutFile(layout + QStringLiteral("/oci-layout"));
    const QByteArray indexJson = QJsonDocument(index).toJson(QJsonDocument::Compact);
    const QByteArray layoutJson = "{\"imageLayoutVersion\":\"1.0.0\"}";
    if (!indexFile.open(QIODevice::WriteOnly) || indexFile.write(indexJson) != indexJson.size()
        || !layoutFile.open(QIODevice::WriteOnly) || layoutFile.write(layoutJson) != layoutJson.size()) {
        *error = QStringLiteral("cannot write the image layout in %1").arg(layout);
        return false;
    }
    return true;
}

std::optional<ArtifactFetcher::Fetched> ArtifactFetcher::download(const QUrl &url, const QByteArray &bearer,
                                                                  const QString &target, QString *error,
                                                                  const Progress &progress)
{
    QFile file(target);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        *error = QStringLiteral("cannot write %1: %2").arg(target, file.errorString());
        return std::nullopt;
    }
    QNetworkRequest request(url);
    request.setTransferTimeout(m_timeoutMs);
    if (!bearer.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + bearer);
    QNetworkReply *reply = m_manager.get(request);
    Sha256 hash;
    bool writeFailed = false;
    QObject::connect(reply, &QNetworkReply::readyRead, reply, [&] {
        const QByteArray chunk = reply->readAll();
        hash.add(chunk);
        writeFailed = writeFailed || file.write(chunk) != chunk.size();
    });
    if (progress)
        QObject::connect(reply, &QNetworkReply::downloadProgress, reply, [&](qint64 r, qint64 t) { progress(r, t); });
    waitFor(reply);
    reply->deleteLater();
    const QByteArray rest = reply->isOpen() ? reply->readAll() : QByteArray(); // closed once aborted
    hash.add(rest);
    writeFailed = writeFailed || file.write(rest) != rest.size();
    file.close();
    if (reply->error() != QNetworkReply::NoError || writeFailed) {
        QFile::remove(target);
        *error = writeFailed         ? QStringLiteral("cannot write %1 (disk full?)").arg(target)
            : m_cancel.isCancelled() ? QStringLiteral("GET %1: cancelled").arg(url.toString())
                                     : QStringLiteral("GET %1: %2").arg(url.toString(), reply->errorString());
        return std::nullopt;
    }
    return Fetched {target, hash.hexDigest()};
}

std::optional<ArtifactFetcher::Fetched> ArtifactFetcher::fetchHelmOci(const PinnedArtifact &a, const QString &target,
                                                                      QString *error, const Progress &progress)
{
    static const QRegularExpression reference(QStringLiteral("^oci://([^/]+)/(.+)$"));
    const auto m = reference.match(a.url);
    if (!m.hasMatch()) {
        *error = QStringLiteral("%1 is not an oci://registry/repository reference").arg(a.url);
        return std::nullopt;
    }
    const QString host = m.captured(1);
    const QString repository = m.captured(2);
    const QString base = QStringLiteral("%1://%2/v2/%3").arg(schemeFor(host), host, repository);
    const QByteArray accept = "application/vnd.oci.image.manifest.v1+json";
    QByteArray token;
    const auto manifest =
        registryGet(base, repository, QStringLiteral("/manifests/") + a.version, accept, &token, error);
    if (!manifest)
        return std::nullopt;
    QString digest;
    for (const QJsonValue layer :
         QJsonDocument::fromJson(*manifest).object().value(QStringLiteral("layers")).toArray()) {
        if (layer.toObject().value(QStringLiteral("mediaType")).toString()
            == QLatin1String("application/vnd.cncf.helm.chart.content.v1.tar+gzip"))
            digest = layer.toObject().value(QStringLiteral("digest")).toString();
    }
    if (!digest.startsWith(QLatin1String("sha256:"))) {
        *error = QStringLiteral("%1:%2 has no Helm chart layer in its manifest").arg(a.url, a.version);
        return std::nullopt;
    }
    auto fetched = download(QUrl(base + QStringLiteral("/blobs/") + digest), token, target, error, progress);
    if (fetched && fetched->sha256 != digest.mid(7)) {
        QFile::remove(target);
        *error = QStringLiteral("%1:%2: the blob's SHA-256 %3 is not its digest %4")
                     .arg(a.url, a.version, fetched->sha256, digest);
        return std::nullopt;
    }
    return fetched;
}

std::optional<ArtifactFetcher::Fetched> ArtifactFetcher::fetch(const PinnedArtifact &a, const QString &directory,
                                                               QString *error, const Progress &progress)
{
    if (a.source == PinnedArtifact::Source::OciImage) {
        *error = QStringLiteral("%1/%2 is a container image: the lab pulls it by digest (or a kit carries it), "
                                "nothing is downloaded into an image")
                     .arg(a.component, a.name);
        return std::nullopt;
    }
    const QString target = directory + QLatin1Char('/') + fileNameFor(a);
    auto fetched = a.source == PinnedArtifact::Source::HelmOci ? fetchHelmOci(a, target, error, progress)
                                                               : download(QUrl(a.url), {}, target, error, progress);
    if (fetched && !a.sha256.isEmpty() && fetched->sha256 != a.sha256) {
        QFile::remove(target);
        *error = QStringLiteral("%1/%2 from %3 has SHA-256 %4 but the lock pins %5 (%6: %7); refusing it")
                     .arg(a.component, a.name, a.url, fetched->sha256, a.sha256,
                          PinnedArtifact::provenanceName(a.provenance), a.digestSource);
        return std::nullopt;
    }
    if (fetched && a.signature.kind != PinnedArtifact::Signature::Kind::None
        && !checkSignature(a, &*fetched, directory, error)) {
        QFile::remove(target);
        return std::nullopt;
    }
    return fetched;
}

bool ArtifactFetcher::checkSignature(const PinnedArtifact &a, Fetched *fetched, const QString &directory,
                                     QString *error)
{
    const PinnedArtifact::Signature &s = a.signature;
    const QString what = QStringLiteral("%1/%2").arg(a.component, a.name);
    QTemporaryDir work(directory + QStringLiteral("/.signature-XXXXXX"));
    if (!work.isValid()) {
        *error =
            QStringLiteral("%1: cannot make a directory for its signature check: %2").arg(what, work.errorString());
        return false;
    }
    QByteArray key;
    if (s.key.startsWith(QLatin1Char('/'))) {
        QFile f(s.key);
        if (f.open(QIODevice::ReadOnly))
            key = f.readAll();
    } else {
        key = PinsLock::shippedKey(s.key);
    }
    QString why;
    const QByteArray keyring = key.isEmpty() ? QByteArray() : SignatureVerifier::dearmor(key, &why);
    const QString keyringFile = work.filePath(QStringLiteral("keyring.gpg"));
    QFile out(keyringFile);
    if (keyring.isEmpty() || !out.open(QIODevice::WriteOnly) || out.write(keyring) != keyring.size()) {
        *error = QStringLiteral("%1: the signing key %2 cannot be read%3; refusing it unchecked")
                     .arg(what, s.key, why.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(why));
        return false;
    }
    out.close();
    const QString signatureFile = work.filePath(QStringLiteral("signature"));
    if (!download(QUrl(s.url), {}, signatureFile, error, {})) {
        *error =
            QStringLiteral("%1: upstream's signature cannot be fetched (%2); refusing it unchecked").arg(what, *error);
        return false;
    }
    QString signed_ = fetched->file;
    if (s.kind == PinnedArtifact::Signature::Kind::ChecksumFile) {
        signed_ = work.filePath(QStringLiteral("checksums"));
        if (!download(QUrl(s.checksumsUrl), {}, signed_, error, {})) {
            *error = QStringLiteral("%1: upstream's checksum file cannot be fetched (%2); refusing it unchecked")
                         .arg(what, *error);
            return false;
        }
    }
    QString signer;
    const SignatureVerifier verifier(keyringFile);
    if (!verifier.verify(signed_, signatureFile, &why, &signer)) {
        *error =
            QStringLiteral("%1: upstream's signature (%2) does not verify with %3: %4").arg(what, s.url, s.key, why);
        return false;
    }
    if (!s.fingerprint.isEmpty() && signer != s.fingerprint) {
        *error = QStringLiteral("%1: signed by key %2, but the lock expects %3").arg(what, signer, s.fingerprint);
        return false;
    }
    if (s.kind == PinnedArtifact::Signature::Kind::ChecksumFile) {
        QFile sums(signed_);
        const QString name = QUrl(a.url).fileName();
        const QString listed =
            sums.open(QIODevice::ReadOnly) ? SignatureVerifier::digestIn(sums.readAll(), name) : QString();
        if (listed.isEmpty()) {
            *error = QStringLiteral("%1: upstream's signed checksum file %2 lists no single SHA-256 for %3")
                         .arg(what, s.checksumsUrl, name);
            return false;
        }
        if (listed != fetched->sha256) {
            *error = QStringLiteral("%1: upstream's signed checksum file gives SHA-256 %2, but the download has %3; "
                                    "refusing it")
                         .arg(what, listed, fetched->sha256);
            return false;
        }
    }
    fetched->signature =
        QStringLiteral("%1 signed by %2 (%3), checked with gpgv")
            .arg(s.kind == PinnedArtifact::Signature::Kind::ChecksumFile ? QStringLiteral("its SHA-256")
                                                                         : QStringLiteral("the file"),
                 signer, s.key);
    return true;
}

} // namespace Labforge
