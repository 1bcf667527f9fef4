#include "ProblemSink.h"

namespace Labforge {

void ProblemSink::error(const QString &rule, const QString &pointer, const QString &message, const QString &nodeId)
{
    m_problems.append(Problem {Problem::Severity::Error, rule, message, pointer, nodeId, -1});
}

void ProblemSink::warning(const QString &rule, const QString &pointer, const QString &message, const QString &nodeId)
{
    m_problems.append(Problem {Problem::Severity::Warning, rule, message, pointer, nodeId, -1});
}

void ProblemSink::linkError(const QString &rule, const QString &pointer, const QString &message, int linkIndex)
{
    m_problems.append(Problem {Problem::Severity::Error, rule, message, pointer, QString(), linkIndex});
}

} // namespace Labforge
