// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "AccelProbe.h"
#include "RunEvent.h"

#include <QFuture>
#include <QMutex>

namespace Labforge {

// The accelerator of one run: with Accel::Auto, the finding kept for this host or a probe
// guest (AccelProbe), which runs in the background beside the image build as soon as a
// kernel to boot is there (before the build, or when the build has made the first node's);
// otherwise the accelerator chosen. Cancelling the run reaches the probe guest too.
class AccelDecision
{
public:
    AccelDecision(const BootPlan &plan, EventSink events);
    ~AccelDecision();
    AccelDecision(const AccelDecision &) = delete;
    AccelDecision &operator=(const AccelDecision &) = delete;

    // Starts the probe now when it is needed and the plan's kernel exists (built before, or
    // just now by the image build). Safe to call from the image build's threads.
    void startEarly();
    // The image build's events: `events`, and startEarly() at each node built, so the probe
    // boots the first node's kernel beside the other nodes' builds.
    EventSink startingWhenBuilt(EventSink events);
    // The answer, probing now if it did not start early; `waitedMs` is how long this waited.
    AccelProbe::Result decide(const CancelToken &runCancel, qint64 *waitedMs);
    // Stops a probe that is running (a run that fails before it needs the answer).
    void stop();

private:
    void start(); // with m_mutex held

    const BootPlan &m_plan;
    EventSink m_events;
    CancelToken m_cancel;
    QMutex m_mutex; // guards m_probing while the image build may start it
    QFuture<AccelProbe::Result> m_probing;
};

} // namespace Labforge
