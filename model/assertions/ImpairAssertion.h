// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "LinkAssertion.h"
#include "RuleId.h"

namespace Labforge {

// `impair`: the frames the step's node sends to its peer delayed (`delay_ms`, with
// `jitter_ms`), lost (`loss_percent`) or throttled (`rate_mbit`), as `labforge link
// impair` does; `link_up` lifts it. At least one of the four, each within its bounds.
class ImpairAssertion : public LinkAssertion
{
public:
    // The rules it reports (RuleId enters each in Validator::ruleIds()).
    static inline const RuleId AssertionImpairRange {"assertion.impair-range"};
    static inline const RuleId AssertionImpairEmpty {"assertion.impair-empty"};

    static constexpr int MaxDelayMs = 60000;

    Assertion::Type type() const override { return Assertion::Type::Impair; }
    QString name() const override { return QStringLiteral("impair"); }
    QString summary() const override;
    void read(JsonObjectReader &params, Assertion &assertion) const override;
    QStringList ownKeys() const override;
    void write(const Assertion &assertion, QJsonObject &params) const override;
    QString describeAction(const ScenarioStep &step) const override;
    QString describeExpectation(const Assertion &assertion) const override;
    // "delay 100 ms, jitter 10 ms, loss 1 %, rate 10 Mbit/s" (the parts set).
    static QString impairmentText(const Assertion::Link &link);

protected:
    void validateAction(const ScenarioStep &step, const Where &where, ProblemSink &sink) const override;
};

} // namespace Labforge
