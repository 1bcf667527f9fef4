// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "PinEventText.h"

namespace Labforge {

QString PinEventText::line(const PinEvent &e)
{
    using T = PinEvent::Type;
    switch (e.type) {
    case T::Resolving:
        return tr("resolve %1 (%2)").arg(e.artifact, e.detail);
    case T::ImagePinned:
    case T::Pinned:
        return QStringLiteral("%1 %2 %3").arg(e.artifact, e.detail, e.more);
    case T::Fetching:
        return tr("fetch %1 from %2").arg(e.artifact, e.detail);
    case T::Received:
        return e.total > 0 ? tr("  %1 KiB of %2 KiB").arg(e.received / 1024).arg(e.total / 1024)
                           : tr("  %1 KiB").arg(e.received / 1024);
    case T::Cached:
        return tr("%1 %2 %3 (cached)").arg(e.artifact, e.detail, e.more);
    case T::CacheMismatch:
        return tr("the cached %1 has SHA-256 %2, not the pinned %3; removing it and fetching again")
            .arg(e.artifact, e.detail, e.more);
    case T::Failed:
        return e.artifact.isEmpty() ? tr("FAILED %1").arg(e.detail) : tr("FAILED %1: %2").arg(e.artifact, e.detail);
    case T::Stopped:
        return tr("stopped %1: %2").arg(e.artifact, e.detail);
    case T::KubeadmImage:
        return tr("%1: kubeadm %2 pulls %3").arg(e.artifact, e.more, e.detail);
    case T::ChartImage:
        return tr("%1: the chart %2 runs %3").arg(e.artifact, e.more, e.detail);
    case T::KubeadmNotRun:
        return tr("cannot run the cached kubeadm %1 to list its images").arg(e.detail);
    case T::KubeadmListFailed:
        return tr("kubeadm %1 could not list its images: %2").arg(e.detail, e.more);
    case T::ChartRenderFailed:
        return tr("helm could not render %1 to list its images: %2").arg(e.artifact, e.detail);
    case T::Wrote:
        return e.count == 0
            ? tr("wrote %1").arg(e.detail)
            : tr("wrote %1 (%n artifact(s) failed and keep their previous digest)", nullptr, e.count).arg(e.detail);
    case T::NoDigest:
        return tr("skip %1: no SHA-256 recorded (run `labforge pins lock`)").arg(e.artifact);
    case T::ImageNoDigest:
        return tr("skip %1: image without a digest (run `labforge pins lock`)").arg(e.artifact);
    case T::ImageByDigest:
        return tr("%1 %2 %3 (image: pulled by digest in the lab, or carried by a kit)")
            .arg(e.artifact, e.detail, e.more);
    case T::Cancelled:
        return tr("cancelled: the lock is not written");
    }
    return {};
}

bool PinEventText::isProgressOrProblem(PinEvent::Type type)
{
    using T = PinEvent::Type;
    return type != T::ImagePinned && type != T::Pinned && type != T::Cached && type != T::KubeadmImage
        && type != T::ChartImage && type != T::Wrote && type != T::ImageNoDigest && type != T::ImageByDigest;
}

} // namespace Labforge
