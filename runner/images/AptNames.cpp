// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "AptNames.h"

#include "Shell.h"

namespace Labforge {

QString AptNames::exactNamesScript(const QStringList &packages, Where where)
{
    QStringList names;
    for (const QString &p : packages)
        names.append(p.section(QLatin1Char('='), 0, 0));
    if (names.isEmpty())
        return QStringLiteral("true");
    // Virtual names count: apt finds one exactly and installs its provider, or says it cannot.
    const QString aptCache = where == Where::MmdebstrapHook
        ? QStringLiteral("APT_CONFIG=\"$MMDEBSTRAP_APT_CONFIG\" apt-cache")
        : QStringLiteral("apt-cache");
    return QStringLiteral("known=$(%2 --all-names pkgnames) || exit 1; for package in %1; do printf '%s\\n' "
                          "\"$known\" | grep -qxF -e \"$package\" || { echo \"package '$package' is not a package of "
                          "the mirror's index by that exact name; apt would read it as a pattern or an instruction, "
                          "so nothing is installed\" >&2; exit 1; }; done")
        .arg(Shell::quote(names), aptCache);
}

} // namespace Labforge
