// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QString>

namespace Labforge {

// Where the runner keeps things. The cache root is $LABFORGE_CACHE_DIR, else
// /var/cache/labforge for root (QEMU, running as libvirt's user, must be able to
// reach kernels and disks), else ~/.cache/labforge.
// Paths named after a lab are refused (empty, with *error set) when the lab's name is
// not a safe name: the validator refuses such labs first, this is the second line.
class RunnerPaths
{
public:
    static QString cacheRoot();
    static QString artifacts() { return cacheRoot() + QStringLiteral("/artifacts"); }
    static QString bases() { return cacheRoot() + QStringLiteral("/base"); }
    static QString images(const QString &lab, QString *error);
    // One node's image directory under images(lab).
    static QString nodeImages(const QString &lab, const QString &node, QString *error);
    static QString work() { return cacheRoot() + QStringLiteral("/work"); }
    // The .deb files base builds of `suite` fetched (apt checks each against the mirror's
    // signed index before it uses one), so that a new base fetches only what changed.
    static QString packages(const QString &suite) { return cacheRoot() + QStringLiteral("/packages/") + suite; }
    // The mirror's signed index (InRelease, Packages) the last base build of `suite` used:
    // what an offline kit takes to carry the cached .debs with Debian's own signatures.
    static QString packageLists(const QString &suite)
    {
        return cacheRoot() + QStringLiteral("/packages/") + suite + QStringLiteral("-lists");
    }
    // An offline kit's Debian packages as a file:// mirror (`labforge kit import`).
    static QString kitMirror() { return cacheRoot() + QStringLiteral("/kit/debian"); }
    static QString accelProbeCache() { return cacheRoot() + QStringLiteral("/accel-probe.json"); }
    // Per-lab state of a run: SSH key, host keys, known_hosts, seed disks, console logs.
    static QString run(const QString &lab, QString *error);
    // A new report directory of the lab's run, run(lab)/reports/<UTC time>, made private (0700).
    static QString newReport(const QString &lab, QString *error);
};

} // namespace Labforge
