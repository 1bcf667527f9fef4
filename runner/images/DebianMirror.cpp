// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "DebianMirror.h"

#include "RunnerPaths.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

namespace Labforge {

QString DebianMirror::fromSources(const QString &text)
{
    static const QRegularExpression deb822(QStringLiteral("^URIs:\\s*(\\S+)"), QRegularExpression::MultilineOption);
    static const QRegularExpression oneLine(QStringLiteral("^deb\\s+(?:\\[[^\\]]*\\]\\s+)?(\\S+)"),
                                            QRegularExpression::MultilineOption);
    for (const auto &pattern : {deb822, oneLine}) {
        for (auto it = pattern.globalMatch(text); it.hasNext();) {
            QString uri = it.next().captured(1);
            if (!uri.contains(QLatin1String("security")) && uri.startsWith(QLatin1String("http")))
                return uri;
        }
    }
    return {};
}

QString DebianMirror::url()
{
    QString env = qEnvironmentVariable("LABFORGE_DEBIAN_MIRROR");
    if (!env.isEmpty())
        return env;
    if (QFileInfo(RunnerPaths::kitMirror() + QStringLiteral("/dists")).isDir())
        return QStringLiteral("file://") + RunnerPaths::kitMirror();
    QStringList files {QStringLiteral("/etc/apt/sources.list")};
    for (const QString &f :
         QDir(QStringLiteral("/etc/apt/sources.list.d"))
             .entryList({QStringLiteral("*.sources"), QStringLiteral("*.list")}, QDir::Files, QDir::Name))
        files.append(QStringLiteral("/etc/apt/sources.list.d/") + f);
    for (const QString &path : files) {
        QFile f(path);
        if (f.open(QIODevice::ReadOnly)) {
            QString found = fromSources(QString::fromUtf8(f.readAll()));
            if (!found.isEmpty())
                return found;
        }
    }
    return QStringLiteral("http://deb.debian.org/debian");
}

} // namespace Labforge
