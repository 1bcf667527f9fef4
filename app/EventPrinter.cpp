// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "EventPrinter.h"

namespace Labforge {

void EventPrinter::print(const RunEvent &e)
{
    if (e.type == RunEvent::Type::Log && !m_verbose)
        return;
    std::lock_guard lock(m_mutex);
    m_out << e.time.toString(QStringLiteral("HH:mm:ss")) << ' ' << QStringLiteral("%1").arg(stageName(e.stage), -9);
    if (!e.node.isEmpty())
        m_out << ' ' << QStringLiteral("%1").arg(e.node, -14);
    if (e.type != RunEvent::Type::Log && e.type != RunEvent::Type::Notice && e.type != RunEvent::Type::StageProgress
        && e.type != RunEvent::Type::NodeState)
        m_out << ' ' << RunEvent::typeName(e.type) << ':';
    // Which step an assertion event is about: "gate/sinfo-idle passed after 1 attempt(s)".
    if (!e.assertion.isEmpty())
        m_out << ' ' << e.assertion;
    if (e.progress >= 0 && e.type == RunEvent::Type::StageProgress)
        m_out << QStringLiteral(" [%1%]").arg(int(e.progress * 100), 3);
    m_out << ' ' << e.message << '\n';
    m_out.flush();
}

} // namespace Labforge
