// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "PinPlan.h"

namespace Labforge {

QList<PinPlan::Item> PinPlan::list(const PinsLock &lock, const ArtifactCache &cache, ArtifactFetcher &fetcher)
{
    QList<Item> items;
    for (const PinsLock::Component &c : lock.components()) {
        for (const PinnedArtifact &a : c.artifacts) {
            if (fetcher.isCancelled())
                return items;
            const bool image = a.source == PinnedArtifact::Source::OciImage;
            if (image ? !a.sha256.isEmpty() : cache.check(a).state == ArtifactCache::Check::State::Ok)
                continue;
            items.append({c.name, a.name, image ? a.imageReference() : a.url, image, fetcher.size(a)});
        }
    }
    return items;
}

qint64 PinPlan::total(const QList<Item> &items, int *unknown)
{
    qint64 sum = 0;
    *unknown = 0;
    for (const Item &item : items) {
        sum += item.bytes.value_or(0);
        *unknown += !item.bytes;
    }
    return sum;
}

} // namespace Labforge
