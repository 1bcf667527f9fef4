// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include <QByteArray>
#include <QString>

// A labforge cache of a benchmark's own, beside the real one (QEMU must reach kernels and
// disks there), made the current one through LABFORGE_CACHE_DIR.
class BenchCache
{
public:
    // A cache tree goes only when nothing is mounted in it: what a killed run left mounted in
    // its work directories is swept first (as the next build would), and a mount that stays
    // stops the benchmark rather than have removeRecursively() walk into a chroot's /proc.
    static void remove(const QString &root);
    // `root` as LABFORGE_CACHE_DIR, emptied first when `cold`.
    static void use(const QString &root, bool cold);

    // LABFORGE_CACHE_DIR as the program started with it (the machine's cache, whose KVM probe
    // says which accelerator a baseline ran on), put back by restore().
    class MachineCache
    {
    public:
        MachineCache();
        void restore() const;

    private:
        QByteArray m_dir;
    };
};
