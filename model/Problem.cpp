#include "Problem.h"

namespace Labforge {

QString Problem::severityName(Severity severity)
{
    return severity == Severity::Error ? QStringLiteral("error") : QStringLiteral("warning");
}

} // namespace Labforge
