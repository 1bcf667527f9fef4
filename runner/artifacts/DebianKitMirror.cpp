// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "DebianKitMirror.h"

#include "Sha256.h"
#include "SignatureVerifier.h"

#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QUrl>

namespace Labforge {

namespace {

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QString indexPath(const QString &suite)
{
    return QStringLiteral("dists/%1/main/binary-amd64/Packages").arg(suite);
}

// apt's name for a list file of `suite`: <mirror with / as _>_dists_<suite>_<rest>.
QString listFile(const QString &lists, const QString &suite, const QString &rest)
{
    const QString suffix = QStringLiteral("_dists_%1_%2").arg(suite, rest);
    for (const QString &name : QDir(lists).entryList(QDir::Files)) {
        if (name.endsWith(suffix))
            return lists + QLatin1Char('/') + name;
    }
    return {};
}

} // namespace

QHash<QString, DebianKitMirror::Package> DebianKitMirror::parsePackages(const QByteArray &packages)
{
    QHash<QString, Package> out;
    Package p;
    auto flush = [&] {
        if (!p.name.isEmpty() && !p.filename.isEmpty() && !p.sha256.isEmpty())
            out.insert(p.name + QLatin1Char(' ') + p.version + QLatin1Char(' ') + p.architecture, p);
        p = Package();
    };
    for (const QByteArray &line : packages.split('\n')) {
        if (line.isEmpty()) {
            flush();
            continue;
        }
        const qsizetype colon = line.indexOf(':');
        if (line.startsWith(' ') || colon < 0)
            continue;
        const QByteArray key = line.left(colon);
        const QString value = QString::fromUtf8(line.mid(colon + 1).trimmed());
        if (key == "Package")
            p.name = value;
        else if (key == "Version")
            p.version = value;
        else if (key == "Architecture")
            p.architecture = value;
        else if (key == "Filename")
            p.filename = value;
        else if (key == "SHA256")
            p.sha256 = value;
    }
    flush();
    return out;
}

QDateTime DebianKitMirror::releaseDate(const QString &text)
{
    // Qt reads RFC 2822 with a numeric offset; Debian's archives write the zone as a name.
    QString date = text.simplified();
    for (const QLatin1String zone : {QLatin1String(" UTC"), QLatin1String(" GMT"), QLatin1String(" Z")}) {
        if (date.endsWith(zone, Qt::CaseInsensitive)) {
            date = date.chopped(zone.size()) + QStringLiteral(" +0000");
            break;
        }
    }
    return QDateTime::fromString(date, Qt::RFC2822Date);
}

QString DebianKitMirror::releaseDigest(const QByteArray &inRelease, const QString &path)
{
    bool inSha256 = false;
    for (const QByteArray &line : inRelease.split('\n')) {
        if (!line.startsWith(' ')) {
            inSha256 = line.startsWith("SHA256:");
            continue;
        }
        const QList<QByteArray> fields = line.simplified().split(' ');
        if (inSha256 && fields.size() == 3 && QString::fromUtf8(fields.at(2)) == path)
            return QString::fromLatin1(fields.at(0));
    }
    return {};
}

bool DebianKitMirror::write(const QString &packageCache, const QString &lists, const QString &suite,
                            const QString &target, const QStringList &needed, QStringList *missing, int *debs,
                            QString *error)
{
    const QString inRelease = listFile(lists, suite, QStringLiteral("InRelease"));
    const QString packages = listFile(lists, suite, QStringLiteral("main_binary-amd64_Packages"));
    if (inRelease.isEmpty() || packages.isEmpty()) {
        *error = QStringLiteral("%1 holds no apt index of %2 (each new base build saves it): build the lab once "
                                "with `--force` where the Debian mirror is reachable")
                     .arg(lists, suite);
        return false;
    }
    const QByteArray index = readAll(packages);
    if (releaseDigest(signedText(readAll(inRelease)), QStringLiteral("main/binary-amd64/Packages"))
        != Sha256::ofData(index)) {
        *error =
            QStringLiteral("%1 is not the index %2 signs: the saved lists are inconsistent").arg(packages, inRelease);
        return false;
    }
    const auto known = parsePackages(index);
    const QString dists = target + QStringLiteral("/dists/") + suite;
    if (!QDir().mkpath(dists + QStringLiteral("/main/binary-amd64"))
        || !QFile::copy(inRelease, dists + QStringLiteral("/InRelease"))
        || !QFile::copy(packages, target + QLatin1Char('/') + indexPath(suite))) {
        *error = QStringLiteral("cannot write the mirror's index into %1").arg(target);
        return false;
    }
    QSet<QString> present;
    *debs = 0;
    for (const QFileInfo &deb : QDir(packageCache).entryInfoList({QStringLiteral("*.deb")}, QDir::Files)) {
        // apt's cache names a package name_version_arch.deb with the version's ':' as %3a.
        const QStringList parts = deb.completeBaseName().split(QLatin1Char('_'));
        if (parts.size() != 3)
            continue;
        const QString key = parts.at(0) + QLatin1Char(' ') + QUrl::fromPercentEncoding(parts.at(1).toUtf8())
            + QLatin1Char(' ') + parts.at(2);
        const auto it = known.constFind(key);
        if (it == known.constEnd() || Sha256::ofFile(deb.filePath()) != it->sha256)
            continue; // another version than the index lists: apt would not take it
        const QString to = target + QLatin1Char('/') + it->filename;
        if (!QDir().mkpath(QFileInfo(to).path()) || !QFile::copy(deb.filePath(), to)) {
            *error = QStringLiteral("cannot copy %1 into %2").arg(deb.filePath(), to);
            return false;
        }
        present.insert(it->name);
        ++*debs;
    }
    for (const QString &name : needed) {
        if (!present.contains(name))
            missing->append(name);
    }
    return true;
}

QByteArray DebianKitMirror::signedText(const QByteArray &clearsigned)
{
    // gpgv checks only what stands between the armor lines: anything around them is not
    // signed and must not be read.
    static const QByteArray begin = "-----BEGIN PGP SIGNED MESSAGE-----\n";
    static const QByteArray signature = "\n-----BEGIN PGP SIGNATURE-----\n";
    if (!clearsigned.startsWith(begin))
        return {};
    const qsizetype body = clearsigned.indexOf("\n\n", begin.size()); // after the Hash: header
    const qsizetype end = clearsigned.indexOf(signature);
    if (body < 0 || end < body || clearsigned.indexOf(signature, end + 1) >= 0)
        return {};
    const QByteArray tail = clearsigned.mid(end + signature.size());
    if (!tail.trimmed().endsWith("-----END PGP SIGNATURE-----"))
        return {};
    return clearsigned.mid(body + 2, end - body - 2);
}

bool DebianKitMirror::verify(const QString &mirror, const QString &suite, const QString &keyring, QString *error)
{
    static const QRegularExpression suiteName(QStringLiteral("^[a-z][a-z0-9-]*$"));
    if (!suiteName.match(suite).hasMatch()) {
        *error = QStringLiteral("the kit names no Debian suite (\"%1\")").arg(suite);
        return false;
    }
    const QString inRelease = mirror + QStringLiteral("/dists/%1/InRelease").arg(suite);
    // Only the signed index, the index it signs and pool/ belong in a kit's Debian part.
    for (QDirIterator it(mirror, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories); it.hasNext();) {
        const QString relative = it.next().mid(mirror.size() + 1);
        if (relative != QStringLiteral("dists/%1/InRelease").arg(suite) && relative != indexPath(suite)
            && !relative.startsWith(QLatin1String("pool/"))) {
            *error = QStringLiteral("the kit's Debian part holds %1, which is no part of a mirror").arg(relative);
            return false;
        }
    }
    QString why;
    if (!SignatureVerifier(keyring).verify({}, inRelease, &why)) {
        *error = QStringLiteral("the kit's Debian index is not signed by Debian's archive key: %1").arg(why);
        return false;
    }
    const QByteArray release = signedText(readAll(inRelease));
    // The signed index is the one of this suite (an index signed for another suite is
    // another release), and it has not expired.
    QHash<QString, QString> fields;
    for (const QByteArray &line : release.split('\n')) {
        if (line.isEmpty() || line.startsWith(' '))
            continue;
        const qsizetype colon = line.indexOf(':');
        if (colon > 0)
            fields.insert(QString::fromUtf8(line.left(colon)), QString::fromUtf8(line.mid(colon + 1)).trimmed());
    }
    // (Nothing signed at all is refused below, where the index is compared with it.)
    if (!release.isEmpty() && fields.value(QStringLiteral("Codename")) != suite
        && fields.value(QStringLiteral("Suite")) != suite) {
        *error = QStringLiteral("the kit's Debian index is signed for suite \"%1\" (codename \"%2\"), not %3")
                     .arg(fields.value(QStringLiteral("Suite")), fields.value(QStringLiteral("Codename")), suite);
        return false;
    }
    if (const QString validUntil = fields.value(QStringLiteral("Valid-Until")); !validUntil.isEmpty()) {
        const QDateTime until = releaseDate(validUntil);
        if (!until.isValid() || until < QDateTime::currentDateTimeUtc()) {
            *error = QStringLiteral("the kit's Debian index expired (Valid-Until: %1)").arg(validUntil);
            return false;
        }
    }
    const QByteArray index = readAll(mirror + QLatin1Char('/') + indexPath(suite));
    const QString signedDigest = releaseDigest(release, QStringLiteral("main/binary-amd64/Packages"));
    if (signedDigest.isEmpty() || signedDigest != Sha256::ofData(index)) {
        *error = QStringLiteral("the kit's Packages index has SHA-256 %1, but the signed InRelease gives %2")
                     .arg(Sha256::ofData(index), signedDigest);
        return false;
    }
    QHash<QString, QString> byFile;
    for (const Package &p : parsePackages(index))
        byFile.insert(p.filename, p.sha256);
    // Every file of the pool, hidden ones too, is one the signed index names with its digest.
    for (QDirIterator it(mirror + QStringLiteral("/pool"), QDir::Files | QDir::Hidden | QDir::System,
                         QDirIterator::Subdirectories);
         it.hasNext();) {
        const QString path = it.next();
        const QString relative = path.mid(mirror.size() + 1);
        const QString expected = byFile.value(relative);
        if (expected.isEmpty()) {
            *error = QStringLiteral("the kit's %1 is not in Debian's signed index").arg(relative);
            return false;
        }
        if (Sha256::ofFile(path) != expected) {
            *error = QStringLiteral("the kit's %1 has SHA-256 %2, but Debian's signed index gives %3")
                         .arg(relative, Sha256::ofFile(path), expected);
            return false;
        }
    }
    return true;
}

} // namespace Labforge
