// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

namespace Labforge {

// Which Debian base a group of images starts from. The bases directory holds
// <key>.tar (an mmdebstrap tree) and, beside each, <key>.json: layout, suite, mirror
// and its package list. For a group needing `packages` of a suite from a mirror, in
// this order: the base of exactly these inputs (its key); else a base of the same
// layout, suite and mirror holding every package (the smallest such one; each node
// keeps only its own packages, so extra ones cost nothing); else one lacking at most
// maxLacking of them (the fewest lacking, then the smallest), which the nodes install
// from the mirror; else a new base derived from the cached one of the same layout, suite
// and mirror holding most of the packages (then the fewest others): apt upgrades it to
// the mirror's index, installs what it lacks and purges what the request does not hold;
// else (no such base, or an offline kit's file:// mirror) a new mmdebstrap. `force` always
// means a new mmdebstrap.
//
// decide() over a listing and meta() are pure logic; read() is the directory side.
class BaseCachePolicy
{
public:
    // One base of the directory, as its files say.
    struct CachedBase
    {
        QString key;
        bool hasTar = false;
        bool hasMeta = false; // <key>.json exists; the fields below come from it (empty when unreadable)
        QString layout;
        QString suite;
        QString mirror;
        QStringList packages;
    };
    struct Request
    {
        QString suite;
        QString mirror;
        QStringList packages; // sorted, as baseKey() hashes them
        bool force = false;
        int maxLacking = 8; // negative counts as 0
    };
    struct Decision
    {
        enum class Kind {
            ReuseExact, // the base of exactly these inputs
            ReuseSuperset, // another base holding every package
            ReuseLacking, // another base, lacking `lacking`
            Derive, // a new base (the request's key) made by apt from the base `from`
            BuildNew,
        };
        Kind kind = Kind::BuildNew;
        QString key; // the base to use: the request's own key for ReuseExact, Derive and BuildNew
        // ReuseLacking, Derive: the requested packages the base (`from`) does not hold, in request order
        QStringList lacking;
        bool saveMeta = false; // ReuseExact of a base without <key>.json (from an earlier version): write it
        QString from; // Derive: the cached base the new one starts from
        QStringList surplus; // Derive: packages of `from` the request does not hold (purged), sorted
    };

    explicit BaseCachePolicy(QString basesDir);

    // The key of a base: a hash of the image layout, suite, mirror and package list.
    static QString key(const QString &suite, const QString &mirror, const QStringList &packages);
    // The decision for `request` given the bases listed (in the order read() gives them).
    static Decision decide(const QList<CachedBase> &cached, const Request &request);
    // The content of <key>.json for a base built (or found) for `request`.
    static QByteArray meta(const Request &request);

    // Every base of the directory: those with a <key>.json in name order, then tars without one.
    QList<CachedBase> read() const;
    // decide() over read() (the directory is not read when `force` is set).
    Decision decide(const Request &request) const;
    QString tarPath(const QString &key) const;
    QString metaPath(const QString &key) const;

private:
    QString m_dir;
};

} // namespace Labforge
