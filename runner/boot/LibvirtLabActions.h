// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "LabActions.h"

#include <functional>

namespace Labforge {

class Libvirt;
class Transport;
class RunInventory;

// LabActions on a run's libvirt domains, found through the run's inventory (state.json):
// only domains the run made are touched, and only after their labforge metadata agrees.
// Besides what scenario steps do, the node verbs of `labforge node` (stop, start, restart),
// each of which waits, where it says so, until the node answers over SSH with a new boot.
class LibvirtLabActions : public LabActions
{
public:
    LibvirtLabActions(QString runDirectory, Transport &transport);

    Result powerCycle(const QString &node, int timeoutMs, const CancelToken &cancel) override;
    Result link(Assertion::Type action, const QString &node, const Assertion::Link &link) override;
    // Asks the guest to power off (ACPI) and waits up to `timeoutMs` for it; a guest that does
    // not is powered off (said in the message). `force`: powered off at once.
    Result stop(const QString &node, bool force, int timeoutMs, const CancelToken &cancel);
    // Starts a stopped node and waits until it answers over SSH (unless `timeoutMs` is 0).
    Result start(const QString &node, int timeoutMs, const CancelToken &cancel);
    // Asks the guest to reboot (ACPI) and waits until it answers with a new boot id.
    Result restart(const QString &node, int timeoutMs, const CancelToken &cancel);

private:
    // Runs `act` on the run's domain for `node` once its metadata agrees; records what changed.
    Result onDomain(const QString &node,
                    const std::function<Result(Libvirt &, RunInventory &, const QString &domain)> &act);
    QString bootId(const QString &node, const CancelToken &cancel, QString *error);
    // Polls until the node answers over SSH with a boot id other than `before` (any when empty);
    // `sameIdFails`: an answer with `before` fails at once (after a hard power-off it cannot be).
    Result waitForBoot(const QString &node, const QString &before, bool sameIdFails, int timeoutMs,
                       const CancelToken &cancel, const QString &done);

    QString m_runDirectory;
    Transport &m_transport;
};

} // namespace Labforge
