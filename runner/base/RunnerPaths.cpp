// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "RunnerPaths.h"

#include "ConfinedPath.h"
#include "PrivateFile.h"
#include "SafeName.h"

#include <QDateTime>
#include <QDir>
#include <unistd.h>

namespace Labforge {

namespace {

QString labDirectory(const QString &parent, const QString &lab, QString *error)
{
    if (const QString why = SafeName::check(lab, SafeName::Kind::Lab); !why.isEmpty()) {
        *error = QStringLiteral("lab name \"%1\" %2; refusing to use it in a path").arg(lab, why);
        return {};
    }
    return ConfinedPath::join(parent, lab, error);
}

} // namespace

QString RunnerPaths::cacheRoot()
{
    if (qEnvironmentVariableIsSet("LABFORGE_CACHE_DIR"))
        return qEnvironmentVariable("LABFORGE_CACHE_DIR");
    if (geteuid() == 0)
        return QStringLiteral("/var/cache/labforge");
    return QDir::homePath() + QStringLiteral("/.cache/labforge");
}

QString RunnerPaths::images(const QString &lab, QString *error)
{
    return labDirectory(cacheRoot() + QStringLiteral("/images"), lab, error);
}

QString RunnerPaths::nodeImages(const QString &lab, const QString &node, QString *error)
{
    const QString labDir = images(lab, error);
    if (labDir.isEmpty())
        return {};
    if (!ConfinedPath::isComponent(node)) {
        *error = QStringLiteral("node id \"%1\" cannot name a directory").arg(node);
        return {};
    }
    return ConfinedPath::join(labDir, node, error);
}

QString RunnerPaths::run(const QString &lab, QString *error)
{
    return labDirectory(cacheRoot() + QStringLiteral("/runs"), lab, error);
}

QString RunnerPaths::newReport(const QString &lab, QString *error)
{
    const QString dir = run(lab, error);
    if (dir.isEmpty())
        return {};
    // Evidence of a run is its owner's: reports/ and each report in it are private.
    const QString reports = dir + QStringLiteral("/reports");
    QString report =
        reports + QLatin1Char('/') + QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss"));
    if (!PrivateFile::makeDirectory(reports, error) || !PrivateFile::makeDirectory(report, error))
        return {};
    return report;
}

} // namespace Labforge
