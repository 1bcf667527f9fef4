// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QString>

namespace Labforge {

// Who made a run: the cache root that records it and the user who ran it. Each domain carries
// both in its labforge metadata (LibvirtXml), so that `status`, the designer's Running Labs and
// `down` tell a run of another cache root or user (whose record they cannot see) from an orphan
// of their own. A domain without them (made before they were written) is judged as before.
struct RunOwner
{
    QString cacheRoot;
    QString user;

    // This process's: RunnerPaths::cacheRoot() as an absolute, clean path, and the name of the
    // effective user.
    static RunOwner here();
    // How a domain with this metadata stands to this process: possibly its own (the same user
    // and cache root, or metadata without them), another user's, or another cache root's.
    enum class Relation { Own, OtherUser, OtherCacheRoot };
    Relation relation() const;
    // "" when a domain with this metadata may be this process's (the same user and cache root,
    // or metadata without them); otherwise what it is: "another user's run (alice)" or "run of
    // another cache root (/var/cache/labforge)".
    QString elsewhere() const;
};

} // namespace Labforge
