// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "ProblemSink.h"

namespace Labforge {

void ProblemSink::error(const QString &rule, const QString &pointer, const QString &message, const QString &nodeId)
{
    m_problems.append(Problem {Problem::Severity::Error, rule, message, pointer, nodeId});
}

void ProblemSink::warning(const QString &rule, const QString &pointer, const QString &message, const QString &nodeId)
{
    m_problems.append(Problem {Problem::Severity::Warning, rule, message, pointer, nodeId});
}

} // namespace Labforge
