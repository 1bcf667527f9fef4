// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "BundleWriter.h"

#include "TreeWriter.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

namespace Labforge {

namespace {

bool writeTree(const Bundle &bundle, const QString &root, QString *error)
{
    const TreeWriter tree(root);
    const auto files = bundle.files();
    for (auto it = files.begin(); it != files.end(); ++it) {
        const bool ok = it->symlinkTarget.isEmpty() ? tree.writeFile(it.key(), it->content, it->mode, error)
                                                    : tree.writeLink(it.key(), it->symlinkTarget, error);
        if (!ok)
            return false;
    }
    return true;
}

} // namespace

bool BundleWriter::write(const Bundle &bundle, const QString &directory, bool replace, QString *error)
{
    const QDir target(directory);
    const QFileInfo info(directory);
    if ((info.exists() || info.isSymLink()) && !info.isDir()) {
        // --force replaces a bundle directory, never a file that happens to have its name.
        *error = QStringLiteral("%1 is a file, not a directory; a bundle is written into a directory").arg(directory);
        return false;
    }
    if (target.exists() && !target.isEmpty() && !replace) {
        *error = QStringLiteral("%1 exists and is not empty (use --force to replace it)").arg(directory);
        return false;
    }
    const QString parent = QFileInfo(QDir::cleanPath(QDir(directory).absolutePath())).path();
    if (!QDir().mkpath(parent)) {
        *error = QStringLiteral("cannot create %1").arg(parent);
        return false;
    }
    QTemporaryDir staging(parent + QStringLiteral("/.labforge-bundle-XXXXXX"));
    if (!staging.isValid()) {
        *error = QStringLiteral("cannot create a staging directory in %1: %2").arg(parent, staging.errorString());
        return false;
    }
    if (!writeTree(bundle, staging.path(), error))
        return false; // the staging directory is removed with `staging`
    const QString absolute = QDir(directory).absolutePath();
    QString old;
    if (target.exists()) {
        old = absolute + QStringLiteral(".old-") + QString::number(QDateTime::currentMSecsSinceEpoch());
        if (!QDir().rename(absolute, old)) {
            *error = QStringLiteral("cannot move the previous %1 aside").arg(directory);
            return false;
        }
    }
    if (!QDir().rename(staging.path(), absolute)) {
        if (!old.isEmpty())
            QDir().rename(old, absolute);
        *error = QStringLiteral("cannot move the new bundle into %1").arg(directory);
        return false;
    }
    staging.setAutoRemove(false);
    if (!old.isEmpty())
        QDir(old).removeRecursively();
    return true;
}

} // namespace Labforge
