#pragma once

#include <QString>

namespace Labforge {

// Where the runner keeps things. The cache root is $LABFORGE_CACHE_DIR, else
// /var/cache/labforge for root (QEMU, running as libvirt's user, must be able to
// reach kernels and disks), else ~/.cache/labforge.
class RunnerPaths
{
public:
    static QString cacheRoot();
    static QString artifacts() { return cacheRoot() + QStringLiteral("/artifacts"); }
    static QString bases() { return cacheRoot() + QStringLiteral("/base"); }
    static QString images(const QString &lab) { return cacheRoot() + QStringLiteral("/images/") + lab; }
    static QString work() { return cacheRoot() + QStringLiteral("/work"); }
    // Per-lab state of a run: SSH key, host keys, known_hosts, seed disks, console logs.
    static QString run(const QString &lab) { return cacheRoot() + QStringLiteral("/runs/") + lab; }
};

} // namespace Labforge
