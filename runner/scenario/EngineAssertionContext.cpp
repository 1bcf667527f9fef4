// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "EngineAssertionContext.h"

#include "LabActions.h"
#include "Transport.h"

#include <QElapsedTimer>

namespace Labforge {

EngineAssertionContext::EngineAssertionContext(Transport &transport, LabActions *actions, CancelToken cancel)
    : m_transport(transport)
    , m_actions(actions)
    , m_cancel(std::move(cancel))
{ }

AssertionContext::Outcome EngineAssertionContext::runCommand(const QString &node, const QString &script, int timeoutMs)
{
    const Transport::Result t = m_transport.run(node, script, timeoutMs, m_cancel);
    Outcome o;
    o.exitCode = t.exitCode;
    o.stdoutData = t.stdoutData;
    o.stderrData = t.stderrData;
    o.timedOut = t.timedOut;
    o.cancelled = t.cancelled;
    o.unreachable = t.transportFailed;
    o.elapsedMs = t.elapsedMs;
    o.message = t.error;
    return o;
}

AssertionContext::Outcome EngineAssertionContext::act(const std::function<LabActions::Result()> &action)
{
    Outcome o;
    if (!m_actions) {
        o.exitCode = 1;
        o.message = QStringLiteral("this run cannot act on the lab (no libvirt run behind it, e.g. --transport local)");
        return o;
    }
    QElapsedTimer clock;
    clock.start();
    const LabActions::Result done = action();
    o.elapsedMs = clock.elapsed();
    o.exitCode = done.ok ? 0 : 1;
    o.cancelled = !done.ok && m_cancel.isCancelled();
    o.stdoutData = done.output.toUtf8();
    o.message = done.message;
    return o;
}

AssertionContext::Outcome EngineAssertionContext::powerCycle(const QString &node, int timeoutMs)
{
    return act([&] { return m_actions->powerCycle(node, timeoutMs, m_cancel); });
}

AssertionContext::Outcome EngineAssertionContext::link(Assertion::Type action, const QString &node,
                                                       const Assertion::Link &link)
{
    return act([&] { return m_actions->link(action, node, link); });
}

} // namespace Labforge
