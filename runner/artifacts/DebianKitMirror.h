// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QDateTime>
#include <QHash>
#include <QString>
#include <QStringList>

namespace Labforge {

// The Debian part of an offline kit: a partial mirror (dists/<suite>/InRelease,
// dists/<suite>/main/binary-amd64/Packages, pool/… with only the .debs the package cache
// holds) whose every byte is Debian's: InRelease is the mirror's own signed file, Packages
// the index it signs, each .deb the one that index lists. apt and mmdebstrap use it as a
// file:// mirror with their usual signature checks; labforge checks the same chain with
// gpgv and debian-archive-keyring before it takes a kit in.
class DebianKitMirror
{
public:
    struct Package
    {
        QString name, version, architecture, filename, sha256;
    };
    // The index apt keeps (Packages), by "name version architecture".
    static QHash<QString, Package> parsePackages(const QByteArray &packages);
    // What a clearsigned file (InRelease) signs, or empty when anything stands around it.
    static QByteArray signedText(const QByteArray &clearsigned);
    // The SHA-256 InRelease gives `path` (e.g. "main/binary-amd64/Packages"), or empty.
    static QString releaseDigest(const QByteArray &inRelease, const QString &path);
    // A Release file's Date or Valid-Until as Debian writes it: RFC 2822 with the zone as
    // "UTC" (debian-security, snapshot mirrors), "GMT", "Z" or an offset; invalid when unreadable.
    static QDateTime releaseDate(const QString &text);
    // The package cache and its saved index (RunnerPaths::packageLists, written by each base
    // build) → a mirror tree in `target` with every cached .deb the saved index lists under
    // the same hash; *missing: the names in `needed` that have no such .deb. False with
    // *error when the index is absent.
    static bool write(const QString &packageCache, const QString &lists, const QString &suite, const QString &target,
                      const QStringList &needed, QStringList *missing, int *debs, QString *error);
    // Whether `mirror` is intact: InRelease signed by a key of `keyring`, Packages the hash
    // InRelease gives it, each .deb in pool/ the hash Packages gives it, nothing else in pool/.
    static bool verify(const QString &mirror, const QString &suite, const QString &keyring, QString *error);
    static QString archiveKeyring() { return QStringLiteral("/usr/share/keyrings/debian-archive-keyring.gpg"); }
};

} // namespace Labforge
