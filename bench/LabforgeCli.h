// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "BenchShell.h"

// The labforge binary as a user runs it, on a cache of the benchmark's own
// (LABFORGE_CACHE_DIR), each command echoed through BenchShell (printed only with
// `--dry-run`). Times are wall clock, in seconds; -1 when the command failed.
class LabforgeCli
{
public:
    LabforgeCli(QString binary, QString cacheDir);

    double build(const QString &labFile, int jobs) const;
    // `up --no-build --no-test`: define → every node answers SSH. `accel` "kvm" or "tcg", given
    // rather than probed: a benchmark's fresh cache holds no probe, and `auto` would boot a probe
    // guest inside the clock.
    double up(const QString &labFile, double memoryScale, const QString &uri, const QString &accel) const;
    // "kvm" or "tcg", as BenchBaseline::accelerator() finds this machine.
    static QString accel();
    // `exec LAB --all -- command`, until it exits 0 (once a second), within `timeoutS`.
    double execAll(const QString &labName, const QString &command, int timeoutS) const;
    void down(const QString &labName, const QString &uri) const;

    // The CPU time the QEMU processes of `labName`'s domains have used so far (libvirt's pid
    // files under /run/libvirt/qemu), in seconds.
    static double qemuCpuSeconds(const QString &labName);

private:
    BenchShell::Command command(const QStringList &args) const;
    QString m_binary;
    QString m_cacheDir;
};
