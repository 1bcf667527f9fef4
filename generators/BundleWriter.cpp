#include "BundleWriter.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

namespace Labforge {

namespace {

bool writeTree(const Bundle &bundle, const QString &root, QString *error)
{
    const auto files = bundle.files();
    for (auto it = files.begin(); it != files.end(); ++it) {
        const QString path = root + QLatin1Char('/') + it.key();
        if (!QDir().mkpath(QFileInfo(path).path())) {
            *error = QStringLiteral("cannot create %1").arg(QFileInfo(path).path());
            return false;
        }
        if (!it->symlinkTarget.isEmpty()) {
            if (!QFile::link(it->symlinkTarget, path)) {
                *error = QStringLiteral("cannot create the link %1").arg(path);
                return false;
            }
            continue;
        }
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(it->content) != it->content.size()) {
            *error = QStringLiteral("cannot write %1: %2").arg(path, f.errorString());
            return false;
        }
        f.close();
        QFile::Permissions p;
        const int m = it->mode;
        if (m & 0400)
            p |= QFile::ReadOwner;
        if (m & 0200)
            p |= QFile::WriteOwner;
        if (m & 0100)
            p |= QFile::ExeOwner;
        if (m & 0040)
            p |= QFile::ReadGroup;
        if (m & 0020)
            p |= QFile::WriteGroup;
        if (m & 0010)
            p |= QFile::ExeGroup;
        if (m & 0004)
            p |= QFile::ReadOther;
        if (m & 0002)
            p |= QFile::WriteOther;
        if (m & 0001)
            p |= QFile::ExeOther;
        if (!f.setPermissions(p)) {
            *error = QStringLiteral("cannot set the mode of %1").arg(path);
            return false;
        }
    }
    return true;
}

} // namespace

bool BundleWriter::write(const Bundle &bundle, const QString &directory, bool replace, QString *error)
{
    const QDir target(directory);
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
