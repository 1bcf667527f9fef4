// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "ArtifactCache.h"
#include "ArtifactFetcher.h"
#include "PinsLock.h"

#include <QList>
#include <optional>

namespace Labforge {

// What `labforge pins lock` would pin, asked before it runs (the designer's Pin Now shows it
// for confirmation): every artifact the cache does not hold as pinned (it is downloaded) and
// every image without a digest (it is resolved and pinned), each with its size as its server
// gives it (ArtifactFetcher::size), or none when the server does not say. Images that kubeadm
// and the charts name are found only once these are in the cache, and are not listed.
class PinPlan
{
public:
    struct Item
    {
        QString component;
        QString name;
        QString from; // the URL or image reference
        bool image = false;
        std::optional<qint64> bytes;
    };
    static QList<Item> list(const PinsLock &lock, const ArtifactCache &cache, ArtifactFetcher &fetcher);
    // The sizes added up; *unknown: how many items have none.
    static qint64 total(const QList<Item> &items, int *unknown);
};

} // namespace Labforge
