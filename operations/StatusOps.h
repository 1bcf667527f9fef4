// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "OpError.h"
#include "RunStatus.h"

#include <QString>

#include <optional>

namespace Labforge {

// The labs that are up here (RunStatus): each recorded run's nodes, the orphans, the runs of
// another cache root or user, the hosts that did not answer. What `labforge status` and the
// designer's Running Labs both call.
class StatusOps
{
public:
    struct Status
    {
        RunStatus::Snapshot snapshot;
        // libvirt.unreachable (unusable) when libvirt could not be reached at the URI asked:
        // whether a lab is up there is then not known, and the snapshot says only what the
        // records hold.
        std::optional<OpError> unreachable;
        // The command line's exit status: 2 unreachable, 1 an orphan or a host that did not answer, else 0.
        int exitCode() const
        {
            return unreachable                                              ? unreachable->exitCode()
                : snapshot.orphans.isEmpty() && snapshot.problems.isEmpty() ? 0
                                                                            : 1;
        }
    };

    // `lab`: a lab's name (LiveLab::name gives it for a lab file), or empty for every lab;
    // `uri`: the libvirt asked besides the hosts the runs name (empty: qemu:///system).
    static Status gather(const QString &lab, const QString &uri);
};

} // namespace Labforge
