// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Assertion.h"

#include <QByteArray>
#include <QString>

namespace Labforge {

// What an assertion may do while it runs. The scenario engine implements it over the
// run's transport (SSH) and lab actions (libvirt); tests implement it over the host.
// It lives in the model so that each assertion type is one class that parses, writes,
// validates, describes and runs its steps.
class AssertionContext
{
public:
    struct Outcome
    {
        int exitCode = -1;
        QByteArray stdoutData; // a lab action's evidence (boot ids, phases) lands here too
        QByteArray stderrData;
        bool timedOut = false;
        bool cancelled = false;
        bool unreachable = false; // the node could not be reached at all
        qint64 elapsedMs = 0;
        QString message; // the transport's error, or what a lab action did (why not)
    };

    virtual ~AssertionContext() = default;
    // A shell script on the node, bounded by timeoutMs.
    virtual Outcome runCommand(const QString &node, const QString &script, int timeoutMs) = 0;
    // A hard power-off of the node's VM, a start, and a wait until it answers again;
    // exitCode 0 when it came back.
    virtual Outcome powerCycle(const QString &node, int timeoutMs) = 0;
    // Cuts (LinkDown), restores (LinkUp) or impairs (Impair) the link between the node and
    // link.peer; exitCode 0 when it is in force.
    virtual Outcome link(Assertion::Type action, const QString &node, const Assertion::Link &link) = 0;
    virtual bool isCancelled() const = 0;
};

} // namespace Labforge
