// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "ProblemSink.h"
#include "ValidatorText.h"

namespace Labforge {

void ProblemSink::error(const RuleId &rule, const QString &pointer, const QString &message, const QString &nodeId)
{
    add(Problem {Problem::Severity::Error, rule.id(), message, pointer, nodeId});
}

void ProblemSink::warning(const RuleId &rule, const QString &pointer, const QString &message, const QString &nodeId)
{
    add(Problem {Problem::Severity::Warning, rule.id(), message, pointer, nodeId});
}

void ProblemSink::add(const Problem &problem)
{
    const int seen = ++m_perRule[problem.rule];
    if (seen <= MaxPerRule)
        m_problems.append(problem);
    else if (seen == MaxPerRule + 1)
        m_more.append(problem);
}

Problems ProblemSink::take()
{
    for (Problem more : std::as_const(m_more)) {
        more.message =
            ValidatorText::tr("and %n more problem(s) of rule %1", nullptr, m_perRule.value(more.rule) - MaxPerRule)
                .arg(more.rule);
        more.nodeId.clear();
        m_problems.append(more);
    }
    m_more.clear();
    m_perRule.clear();
    return std::move(m_problems);
}

} // namespace Labforge
