// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "ImpairAssertion.h"

#include "JsonObjectReader.h"
#include "ProblemSink.h"

#include <QCoreApplication>

namespace Labforge {

QString ImpairAssertion::summary() const
{
    return QCoreApplication::translate("Labforge::AssertionTypes",
                                       "Delays, loses or throttles what the step's node sends to its peer "
                                       "(netem on the host); link_up lifts it");
}

QStringList ImpairAssertion::ownKeys() const
{
    return LinkAssertion::ownKeys()
        + QStringList {QStringLiteral("delay_ms"), QStringLiteral("jitter_ms"), QStringLiteral("loss_percent"),
                       QStringLiteral("rate_mbit")};
}

void ImpairAssertion::read(JsonObjectReader &params, Assertion &assertion) const
{
    LinkAssertion::read(params, assertion);
    Assertion::Link &l = assertion.link;
    l.delayMs = params.integer(QStringLiteral("delay_ms"), JsonObjectReader::Optional);
    l.jitterMs = params.integer(QStringLiteral("jitter_ms"), JsonObjectReader::Optional);
    l.lossPercent = params.number(QStringLiteral("loss_percent"), JsonObjectReader::Optional);
    l.rateMbit = params.number(QStringLiteral("rate_mbit"), JsonObjectReader::Optional);
}

void ImpairAssertion::write(const Assertion &assertion, QJsonObject &params) const
{
    LinkAssertion::write(assertion, params);
    const Assertion::Link &l = assertion.link;
    if (l.delayMs)
        params.insert(QStringLiteral("delay_ms"), l.delayMs);
    if (l.jitterMs)
        params.insert(QStringLiteral("jitter_ms"), l.jitterMs);
    if (l.lossPercent != 0)
        params.insert(QStringLiteral("loss_percent"), l.lossPercent);
    if (l.rateMbit != 0)
        params.insert(QStringLiteral("rate_mbit"), l.rateMbit);
}

void ImpairAssertion::validateAction(const ScenarioStep &step, const Where &where, ProblemSink &sink) const
{
    const Assertion::Link &l = step.assertion.link;
    const auto refuse = [&](const char *key, const QString &why) {
        sink.error(ImpairAssertion::AssertionImpairRange, where.params + u'/' + QLatin1String(key),
                   QStringLiteral("%1: %2").arg(where.text, why), step.node);
    };
    if (l.delayMs < 0 || l.delayMs > MaxDelayMs)
        refuse("delay_ms", QStringLiteral("delay_ms %1 is outside 0..%2").arg(l.delayMs).arg(MaxDelayMs));
    if (l.jitterMs < 0 || l.jitterMs > l.delayMs)
        refuse("jitter_ms", QStringLiteral("jitter_ms %1 is outside 0..delay_ms (%2)").arg(l.jitterMs).arg(l.delayMs));
    if (l.lossPercent < 0 || l.lossPercent > 100)
        refuse("loss_percent", QStringLiteral("loss_percent %1 is outside 0..100").arg(l.lossPercent));
    if (l.rateMbit < 0 || l.rateMbit > 100000)
        refuse("rate_mbit", QStringLiteral("rate_mbit %1 is outside 0..100000").arg(l.rateMbit));
    if (l.delayMs == 0 && l.lossPercent == 0 && l.rateMbit == 0)
        sink.error(ImpairAssertion::AssertionImpairEmpty, where.params,
                   QStringLiteral("%1 impairs nothing: give delay_ms, loss_percent or rate_mbit").arg(where.text),
                   step.node);
}

QString ImpairAssertion::impairmentText(const Assertion::Link &l)
{
    QStringList parts;
    if (l.delayMs)
        parts.append(QStringLiteral("delay %1 ms").arg(l.delayMs));
    if (l.jitterMs)
        parts.append(QStringLiteral("jitter %1 ms").arg(l.jitterMs));
    if (l.lossPercent != 0)
        parts.append(QStringLiteral("loss %1 %").arg(l.lossPercent));
    if (l.rateMbit != 0)
        parts.append(QStringLiteral("rate %1 Mbit/s").arg(l.rateMbit));
    return parts.join(QStringLiteral(", "));
}

QString ImpairAssertion::describeAction(const ScenarioStep &step) const
{
    return QStringLiteral("(host: what %1 sends to %2 gets %3)")
        .arg(step.node, step.assertion.link.peer, impairmentText(step.assertion.link));
}

QString ImpairAssertion::describeExpectation(const Assertion &assertion) const
{
    Q_UNUSED(assertion);
    return QStringLiteral("the impairment in force");
}

} // namespace Labforge
