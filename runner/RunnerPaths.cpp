#include "RunnerPaths.h"

#include <QDir>
#include <unistd.h>

namespace Labforge {

QString RunnerPaths::cacheRoot()
{
    if (qEnvironmentVariableIsSet("LABFORGE_CACHE_DIR"))
        return qEnvironmentVariable("LABFORGE_CACHE_DIR");
    if (geteuid() == 0)
        return QStringLiteral("/var/cache/labforge");
    return QDir::homePath() + QStringLiteral("/.cache/labforge");
}

} // namespace Labforge
