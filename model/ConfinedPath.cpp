// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "ConfinedPath.h"

#include <QDir>
#include <QFile>
#include <QStringList>
#include <climits>
#include <sys/stat.h>
#include <unistd.h>

namespace Labforge {

namespace {

constexpr int MaxLinks = 40; // as the kernel's own limit on nested links

bool hasControl(const QString &s)
{
    return std::any_of(s.begin(), s.end(), [](QChar c) { return c.unicode() < 0x20 || c.unicode() == 0x7f; });
}

// The link's own text (QFile::symLinkTarget resolves it against the host's root).
QString readLink(const QString &path)
{
    QByteArray buffer(PATH_MAX, '\0');
    const ssize_t n = ::readlink(QFile::encodeName(path).constData(), buffer.data(), buffer.size() - 1);
    return n <= 0 ? QString() : QFile::decodeName(buffer.left(n));
}

} // namespace

bool ConfinedPath::isComponent(const QString &name)
{
    return !name.isEmpty() && name != QLatin1String(".") && name != QLatin1String("..")
        && !name.contains(QLatin1Char('/')) && !hasControl(name);
}

QString ConfinedPath::join(const QString &root, const QString &relative, QString *error, Last last)
{
    if (root.isEmpty()) {
        *error = QStringLiteral("no root directory to place \"%1\" under").arg(relative);
        return {};
    }
    if (hasControl(relative)) {
        *error = QStringLiteral("path \"%1\" contains a control character").arg(relative.toHtmlEscaped());
        return {};
    }
    QStringList todo = relative.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    if (todo.contains(QLatin1String(".."))) {
        *error = QStringLiteral("path \"%1\" leaves %2 (\"..\")").arg(relative, root);
        return {};
    }
    const QString base = QDir::cleanPath(QDir(root).absolutePath());
    QStringList done;
    int links = 0;
    while (!todo.isEmpty()) {
        const QString name = todo.takeFirst();
        if (name == QLatin1String("."))
            continue;
        if (name == QLatin1String("..")) { // only from a link's target
            if (done.isEmpty()) {
                *error = QStringLiteral("path \"%1\" leads out of %2 through a symbolic link").arg(relative, root);
                return {};
            }
            done.removeLast();
            continue;
        }
        const QString candidate = base + QLatin1Char('/') + (done + QStringList {name}).join(QLatin1Char('/'));
        if (todo.isEmpty() && last == Last::NoFollow) {
            done.append(name);
            break;
        }
        struct stat st {};
        if (::lstat(QFile::encodeName(candidate).constData(), &st) == 0 && S_ISLNK(st.st_mode)) {
            if (++links > MaxLinks) {
                *error = QStringLiteral("path \"%1\" under %2 has too many symbolic links").arg(relative, root);
                return {};
            }
            const QString target = readLink(candidate);
            if (target.isEmpty()) {
                *error = QStringLiteral("cannot read the symbolic link %1").arg(candidate);
                return {};
            }
            if (target.startsWith(QLatin1Char('/')))
                done.clear();
            todo = target.split(QLatin1Char('/'), Qt::SkipEmptyParts) + todo;
            continue;
        }
        done.append(name);
    }
    return done.isEmpty() ? base : base + QLatin1Char('/') + done.join(QLatin1Char('/'));
}

} // namespace Labforge
