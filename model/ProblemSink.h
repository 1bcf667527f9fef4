// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#pragma once

#include "Problem.h"
#include "RuleId.h"

#include <QHash>

namespace Labforge {

// Collects problems for the rule classes; keeps their call sites short. A rule reports at
// most MaxPerRule problems: the rest are counted and said in one more ("and N more"), so
// that a hostile lab cannot make the validator's answer (and the designer's Problems
// panel) grow without bound.
class ProblemSink
{
public:
    static constexpr int MaxPerRule = 200;
    void error(const RuleId &rule, const QString &pointer, const QString &message, const QString &nodeId = {});
    void warning(const RuleId &rule, const QString &pointer, const QString &message, const QString &nodeId = {});
    void add(const Problem &problem);

    const Problems &problems() const { return m_problems; }
    // The problems, with one "and N more" problem for each rule that reported more.
    Problems take();

private:
    Problems m_problems;
    QHash<QString, int> m_perRule;
    QList<Problem> m_more; // per capped rule: the first problem left out, with the count in m_perRule
};

} // namespace Labforge
