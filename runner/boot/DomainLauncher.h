// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "BootPlan.h"
#include "CancelToken.h"

#include <QMap>
#include <functional>

namespace Labforge {

class Libvirt;

// The boot stage's libvirt work: defines and starts every domain of a plan at once rather
// than one after another (a define can take a minute on a host whose libvirtd re-probes
// QEMU, see slowDefineNote), hands each domain to `defined` the moment it exists (the run
// inventory records it there, under a lock, so that a failure cleans up exactly what was
// made), and times each define. Domains start with their vCPUs paused and are resumed
// together once every one has started, so the first guests' emulated boots do not slow
// the start of the others.
class DomainLauncher
{
public:
    // Called under the launcher's lock right after a domain is defined; false stops the
    // launch (the domain is not started) with `*error`.
    using Defined = std::function<bool(const BootPlan::Domain &domain, QString *error)>;
    // Called after a domain started (from a worker thread).
    using Started = std::function<void(const BootPlan::Domain &domain)>;

    struct Outcome
    {
        bool ok = false;
        QString error; // "node ID: why" of the first failure
        QStringList notes; // slow defines, with why and what fixes it; how emulated guests were tuned
        qint64 slowestDefineMs = 0;
        QMap<QString, qint64> defineMs; // node -> how long its define took
    };

    static Outcome launch(Libvirt &virt, const BootPlan &plan, const QString &runId, const CancelToken &cancel,
                          const Defined &defined, const Started &started);

    static constexpr qint64 SlowDefineMs = 10000;
    // What a define that took `ms` says about this host (empty when it was not slow):
    // libvirtd re-probes QEMU's capabilities on every define when /dev/kvm exists but
    // cannot run guests; hiding /dev/kvm from libvirtd (a private mount namespace) or a
    // working KVM fixes it.
    static QString slowDefineNote(const QString &node, qint64 ms, bool kvmDeviceExists);
};

} // namespace Labforge
