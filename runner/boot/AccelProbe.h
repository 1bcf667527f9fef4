// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "BootPlan.h"
#include "CancelToken.h"

namespace Labforge {

// Decides KVM or TCG by really starting a guest: the image's own kernel and initrd
// under KVM with an init that does not exist, so a working accelerator reaches the
// kernel's "no working init" panic within seconds. /dev/kvm existing is not enough
// (on some hosts KVM guests hang in early boot).
class AccelProbe
{
public:
    struct Result
    {
        BootPlan::Accel accel = BootPlan::Accel::Tcg;
        QString reason;
    };
    // `initrd` may be empty.
    static Result probe(const QString &kernel, const QString &initrd, int timeoutMs, const CancelToken &cancel);
    // The same, but a definite answer (KVM works, or KVM hangs) is kept in `cacheFile` and
    // reused while the host's kernel, QEMU binary and /dev/kvm stay the same: a host where
    // KVM hangs does not pay the probe's timeout on every run. Delete the file to re-probe.
    static Result probeCached(const QString &kernel, const QString &initrd, int timeoutMs, const CancelToken &cancel,
                              const QString &cacheFile);
    // What the cached answer depends on.
    static QString hostKey();
};

} // namespace Labforge
