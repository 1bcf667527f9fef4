// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "CancelToken.h"
#include "PinnedArtifact.h"

#include <QNetworkAccessManager>
#include <functional>
#include <optional>

namespace Labforge {

// Downloads pinned artifacts: plain HTTPS files, and Helm charts from OCI
// registries (anonymous bearer token, manifest, chart layer blob). Hashes while
// writing. Blocking (runs its own event loop): call it from a worker thread or the CLI.
// A cancel token given to it aborts the request under way at once (the download's file
// removed) and every later one.
class ArtifactFetcher
{
public:
    struct Fetched
    {
        QString file; // in the directory given to fetch()
        QString sha256;
        QString signature {}; // what upstream's signature check found, in words (empty: none to check)
    };
    using Progress = std::function<void(qint64 received, qint64 total)>;

    explicit ArtifactFetcher(int transferTimeoutMs = 120000);
    void setCancelToken(const CancelToken &token) { m_cancel = token; }
    bool isCancelled() const { return m_cancel.isCancelled(); }
    // Fetches into `directory`. When the artifact has a SHA-256, a different download is
    // an error (the file is removed): the lock, not the server, decides what is right.
    std::optional<Fetched> fetch(const PinnedArtifact &artifact, const QString &directory, QString *error,
                                 const Progress &progress = {});

    // The manifest digest (hex) the registry gives an image's tag today (source oci-image),
    // checked against the registry's own Docker-Content-Digest when it sends one.
    std::optional<QString> resolveImage(const PinnedArtifact &image, QString *error);
    // The image by its pinned digest into `layout` (an empty directory), as an OCI image
    // layout containerd imports: the pinned manifest (index) byte for byte, its linux/amd64
    // manifest, config and layers, every one checked against its digest while it arrives;
    // index.json names the image registry/repository:tag. False with *error otherwise.
    bool fetchImage(const PinnedArtifact &image, const QString &layout, QString *error, const Progress &progress = {});
    // What fetching the artifact would download, in bytes, as the server says it: a file's
    // Content-Length (HEAD), a chart's or an image's layer and config sizes from its manifest
    // (an image's linux/amd64 one). Nothing when the server does not say.
    std::optional<qint64> size(const PinnedArtifact &artifact);

private:
    // Runs the event loop until `reply` has finished, aborting it once the token is cancelled.
    void waitFor(QNetworkReply *reply) const;
    struct ReplyHeaders
    {
        int status = 0;
        QByteArray authenticate;
        QByteArray contentDigest;
    };
    std::optional<Fetched> download(const QUrl &url, const QByteArray &bearer, const QString &target, QString *error,
                                    const Progress &progress);
    std::optional<QByteArray> get(const QUrl &url, const QList<std::pair<QByteArray, QByteArray>> &headers,
                                  QString *error, ReplyHeaders *replyHeaders = nullptr);
    // GET base+path from an OCI registry, fetching an anonymous bearer token into *token
    // when the registry asks for one (and reusing *token when set).
    std::optional<QByteArray> registryGet(const QString &base, const QString &repository, const QString &path,
                                          const QByteArray &accept, QByteArray *token, QString *error,
                                          ReplyHeaders *replyHeaders = nullptr);
    // Upstream's signature over the download (or over its signed checksum file) with the key
    // the lock names; false with *error when it is missing, bad, by another key, or when the
    // signed checksum is not the download's.
    bool checkSignature(const PinnedArtifact &artifact, Fetched *fetched, const QString &directory, QString *error);
    std::optional<Fetched> fetchHelmOci(const PinnedArtifact &artifact, const QString &target, QString *error,
                                        const Progress &progress);

    QNetworkAccessManager m_manager;
    int m_timeoutMs;
    CancelToken m_cancel;
};

} // namespace Labforge
