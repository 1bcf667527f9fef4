// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "LinkAssertion.h"

#include "JsonObjectReader.h"

namespace Labforge {

void LinkAssertion::read(JsonObjectReader &params, Assertion &assertion) const
{
    assertion.link.peer = params.string(QStringLiteral("peer"));
    assertion.link.network = params.string(QStringLiteral("network"), JsonObjectReader::Optional);
}

void LinkAssertion::write(const Assertion &assertion, QJsonObject &params) const
{
    params.insert(QStringLiteral("peer"), assertion.link.peer);
    if (!assertion.link.network.isEmpty())
        params.insert(QStringLiteral("network"), assertion.link.network);
}

QString LinkAssertion::between(const ScenarioStep &step)
{
    QString text = QStringLiteral("%1 and %2").arg(step.node, step.assertion.link.peer);
    if (!step.assertion.link.network.isEmpty())
        text += QStringLiteral(" on %1").arg(step.assertion.link.network);
    return text;
}

QString LinkAssertion::attemptMessage(const ScenarioStep &step, int attempt, qint64 remainingMs) const
{
    Q_UNUSED(attempt);
    Q_UNUSED(remainingMs);
    return QStringLiteral("%1: the link between %2").arg(name(), between(step));
}

AssertionType::Attempt LinkAssertion::attempt(const ScenarioStep &step, int remainingMs,
                                              AssertionContext &context) const
{
    Q_UNUSED(remainingMs);
    return judged(context.link(step.assertion.type, step.node, step.assertion.link));
}

} // namespace Labforge
