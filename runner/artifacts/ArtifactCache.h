// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "PinnedArtifact.h"

#include <QString>

namespace Labforge {

// Content-addressed store of pinned artifacts: <root>/sha256/<hex>. Everything
// taken out of it is verified again; a file whose content does not match its name
// is removed and treated as absent.
class ArtifactCache
{
public:
    explicit ArtifactCache(QString root = defaultRoot());
    static QString defaultRoot(); // RunnerPaths::artifacts()

    // What the cache holds for an artifact, re-hashed; nothing is removed (`pins verify`).
    struct Check
    {
        enum class State { NotPinned, NotCached, Ok, Mismatch };
        State state = State::NotPinned;
        QString path; // the cache entry, when there is one
        QString actual; // its SHA-256 (Ok, Mismatch)
    };

    QString root() const { return m_root; }
    QString pathFor(const QString &sha256) const;
    // The verified path of the artifact, or empty (with `error` saying why and what to run).
    QString lookup(const PinnedArtifact &artifact, QString *error) const;
    // Moves a downloaded file in, verifying it has `sha256`; false (and the file removed) otherwise.
    bool store(const QString &file, const QString &sha256, QString *error) const;
    Check check(const PinnedArtifact &artifact) const;

private:
    QString m_root;
};

} // namespace Labforge
