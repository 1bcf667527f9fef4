// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "CancelToken.h"
#include "Outcome.h"
#include "RunEvent.h"

#include <QString>
#include <QStringList>

namespace Labforge {

// Stop, start, restart and power-cycle one node of a lab that is up, through libvirt on the
// run's own VM (LibvirtLabActions, as scenario steps do): what `labforge node` and the canvas's
// Running Lab menu both call.
class NodeOps
{
public:
    enum class Action { Stop, Start, Restart, PowerCycle };
    struct Options
    {
        bool force = false; // stop: power off at once
        bool noWait = false; // start: done once the VM runs, without waiting for SSH
        int timeoutSeconds = 0; // 0: the action's default (defaultTimeout)
    };
    struct Done
    {
        Action action = Action::Stop;
        QString node;
        QString runnerWords; // what the runner did, with timings (English, as `labforge node` prints it)
        QString evidence; // boot ids, phases
    };

    // The action a word names (stop, start, restart, power-cycle); node.action_unknown when none.
    static Outcome<Action> action(const QString &word, const OpPlace &place = {});
    static QString word(Action action);
    static QStringList words();
    // Seconds to wait when not told: 60 for the guest to power off, 600 for it to answer.
    static int defaultTimeout(Action action) { return action == Action::Stop ? 60 : 600; }

    // Errors: those of LiveLab::run, node.timeout_invalid, run.unusable (no SSH transport),
    // node.unknown (the run has no VM for it) and node.failed (the runner's words). `progress`
    // hears the node's state (RunEvent::NodeState: Booting when it is to come back, then Up or
    // Failed).
    static Outcome<Done> run(const QString &lab, Action action, const QString &node, const Options &options,
                             const CancelToken &cancel, const EventSink &progress = {});
};

} // namespace Labforge
