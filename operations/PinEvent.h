// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QString>

#include <functional>

namespace Labforge {

// One step of pinning (PinOps::lock and fetch, `labforge pins lock` and `fetch`) as it happens,
// for the command line to print and the designer's Pin Now to show in its own language
// (app/PinEventText). `artifact` is
// "component/name" (empty for what concerns the whole lock); `detail` and `more` hold what
// the type says (an address, a digest, a provenance, an error, a file).
struct PinEvent
{
    enum class Type {
        Resolving, // detail: the image reference
        ImagePinned, // detail: the pinned reference, more: its provenance
        Fetching, // detail: the URL
        Received, // received and total bytes (total 0: unknown)
        Pinned, // detail: the SHA-256, more: provenance (and the signature check)
        Cached, // detail: the SHA-256, more: provenance
        CacheMismatch, // detail: the cached file's SHA-256, more: the pinned one
        Failed, // detail: why
        NoDigest, // fetch: an artifact without a SHA-256, skipped
        ImageNoDigest, // fetch: an image without a digest, skipped
        ImageByDigest, // fetch: an image, nothing to download; detail: the pinned reference, more: its provenance
        Stopped, // cancelled while under way; detail: what the request said
        KubeadmImage, // detail: the image, more: kubeadm's version
        ChartImage, // detail: the image, more: the chart
        KubeadmNotRun, // detail: the cached kubeadm that could not be run
        KubeadmListFailed, // detail: kubeadm's version, more: why
        ChartRenderFailed, // the chart; detail: why
        Wrote, // detail: the lock file, count: artifacts that failed
        Cancelled,
    };
    Type type;
    QString artifact {};
    QString detail {};
    QString more {};
    qint64 received = 0;
    qint64 total = 0;
    int count = 0;
};

using PinEvents = std::function<void(const PinEvent &)>;

} // namespace Labforge
