// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "AccelDecision.h"

#include "RunnerPaths.h"

#include <QElapsedTimer>
#include <QFile>
#include <QThread>
#include <QtConcurrent>

namespace Labforge {

AccelDecision::AccelDecision(const BootPlan &plan, EventSink events)
    : m_plan(plan)
    , m_events(std::move(events))
{ }

AccelDecision::~AccelDecision()
{
    stop();
}

void AccelDecision::start()
{
    if (m_events) {
        RunEvent e;
        e.type = RunEvent::Type::StageStarted;
        e.stage = RunStage::Probe;
        e.message = QStringLiteral("checking whether KVM runs guests on this host");
        m_events(e);
    }
    const QString kernel = m_plan.domains.value(0).kernel, initrd = m_plan.domains.value(0).initrd;
    const CancelToken cancel = m_cancel;
    m_probing = QtConcurrent::run([kernel, initrd, cancel] {
        return AccelProbe::probeCached(kernel, initrd, 60000, cancel, RunnerPaths::accelProbeCache());
    });
}

void AccelDecision::startEarly()
{
    QMutexLocker lock(&m_mutex);
    const BootPlan::Domain first = m_plan.domains.value(0);
    if (m_plan.accel == BootPlan::Accel::Auto && !m_probing.isValid() && QFile::exists(first.kernel)
        && QFile::exists(first.initrd))
        start();
}

EventSink AccelDecision::startingWhenBuilt(EventSink events)
{
    return [this, events = std::move(events)](const RunEvent &e) {
        if (events)
            events(e);
        if (e.type == RunEvent::Type::NodeState && e.nodeState == RunEvent::NodeState::Built)
            startEarly();
    };
}

AccelProbe::Result AccelDecision::decide(const CancelToken &runCancel, qint64 *waitedMs)
{
    *waitedMs = 0;
    if (m_plan.accel != BootPlan::Accel::Auto)
        return {m_plan.accel, QStringLiteral("%1: chosen explicitly").arg(BootPlan::accelName(m_plan.accel).toUpper())};
    QFuture<AccelProbe::Result> probing;
    {
        QMutexLocker lock(&m_mutex);
        if (!m_probing.isValid())
            start();
        probing = m_probing;
    }
    QElapsedTimer waited;
    waited.start();
    while (!probing.isFinished()) {
        if (runCancel.isCancelled())
            m_cancel.cancel();
        QThread::msleep(100);
    }
    *waitedMs = waited.elapsed();
    return probing.result();
}

void AccelDecision::stop()
{
    QFuture<AccelProbe::Result> probing;
    {
        QMutexLocker lock(&m_mutex);
        probing = m_probing;
    }
    if (probing.isValid() && !probing.isFinished()) {
        m_cancel.cancel();
        probing.waitForFinished();
    }
}

} // namespace Labforge
