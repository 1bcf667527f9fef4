// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "BaseCachePolicy.h"

#include "ImageBuilder.h"
#include "Sha256.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <optional>

namespace Labforge {

BaseCachePolicy::BaseCachePolicy(QString basesDir)
    : m_dir(std::move(basesDir))
{ }

QString BaseCachePolicy::key(const QString &suite, const QString &mirror, const QStringList &packages)
{
    return Sha256::ofData((ImageBuilder::imageLayoutVersion() + QLatin1Char('\n') + suite + QLatin1Char('\n') + mirror
                           + QLatin1Char('\n') + packages.join(QLatin1Char(',')))
                              .toUtf8())
        .left(24);
}

BaseCachePolicy::Decision BaseCachePolicy::decide(const QList<CachedBase> &cached, const Request &request)
{
    using Kind = Decision::Kind;
    const QString exact = key(request.suite, request.mirror, request.packages);
    if (request.force)
        return Decision {Kind::BuildNew, exact, {}, false, {}, {}};
    for (const CachedBase &b : cached) {
        // A base of an earlier version may have no <key>.json: its key says what it holds.
        if (b.key == exact && b.hasTar)
            return Decision {Kind::ReuseExact, exact, {}, !b.hasMeta, {}, {}};
    }
    // The best other base lacks the fewest packages (at most maxLacking), then is smallest.
    // Failing that, the one to derive from lacks the fewest, then holds the fewest others.
    const qsizetype maxLacking = std::max(0, request.maxLacking);
    std::optional<Decision> best;
    qsizetype bestSize = 0;
    std::optional<Decision> derive;
    const QSet<QString> wanted(request.packages.begin(), request.packages.end());
    for (const CachedBase &b : cached) {
        if (!b.hasMeta || !b.hasTar || b.layout != ImageBuilder::imageLayoutVersion() || b.suite != request.suite
            || b.mirror != request.mirror)
            continue;
        const QSet<QString> has(b.packages.begin(), b.packages.end());
        QStringList lacking;
        for (const QString &p : request.packages) {
            if (!has.contains(p))
                lacking.append(p);
        }
        if (lacking.size() > maxLacking) {
            QStringList surplus;
            for (const QString &p : b.packages) {
                if (!wanted.contains(p))
                    surplus.append(p);
            }
            surplus.sort();
            if (!derive || lacking.size() < derive->lacking.size()
                || (lacking.size() == derive->lacking.size() && surplus.size() < derive->surplus.size()))
                derive = Decision {Kind::Derive, exact, lacking, false, b.key, surplus};
            continue;
        }
        if (!best || lacking.size() < best->lacking.size()
            || (lacking.size() == best->lacking.size() && has.size() < bestSize)) {
            best =
                Decision {lacking.isEmpty() ? Kind::ReuseSuperset : Kind::ReuseLacking, b.key, lacking, false, {}, {}};
            bestSize = has.size();
        }
    }
    if (best)
        return *best;
    // A base from an offline kit's mirror (file://) names it as mmdebstrap read it, through a
    // path its chroot cannot see: apt inside it could not reach the mirror.
    if (derive && !request.mirror.startsWith(QLatin1String("file:")))
        return *derive;
    return Decision {Kind::BuildNew, exact, {}, false, {}, {}};
}

QByteArray BaseCachePolicy::meta(const Request &request)
{
    const QJsonObject o {{QStringLiteral("layout"), ImageBuilder::imageLayoutVersion()},
                         {QStringLiteral("suite"), request.suite},
                         {QStringLiteral("mirror"), request.mirror},
                         {QStringLiteral("packages"), QJsonArray::fromStringList(request.packages)}};
    return QJsonDocument(o).toJson();
}

QList<BaseCachePolicy::CachedBase> BaseCachePolicy::read() const
{
    QList<CachedBase> bases;
    QSet<QString> described;
    const QDir dir(m_dir);
    for (const QFileInfo &info : dir.entryInfoList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        CachedBase b;
        b.key = info.completeBaseName();
        b.hasMeta = true;
        b.hasTar = QFile::exists(tarPath(b.key));
        QFile f(info.filePath());
        if (f.open(QIODevice::ReadOnly)) {
            const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
            b.layout = o.value(QStringLiteral("layout")).toString();
            b.suite = o.value(QStringLiteral("suite")).toString();
            b.mirror = o.value(QStringLiteral("mirror")).toString();
            for (const QJsonValue v : o.value(QStringLiteral("packages")).toArray())
                b.packages.append(v.toString());
        }
        described.insert(b.key);
        bases.append(b);
    }
    for (const QFileInfo &info : dir.entryInfoList({QStringLiteral("*.tar")}, QDir::Files, QDir::Name)) {
        if (!described.contains(info.completeBaseName()))
            bases.append(CachedBase {info.completeBaseName(), true, false, {}, {}, {}, {}});
    }
    return bases;
}

BaseCachePolicy::Decision BaseCachePolicy::decide(const Request &request) const
{
    return decide(request.force ? QList<CachedBase>() : read(), request);
}

QString BaseCachePolicy::tarPath(const QString &key) const
{
    return m_dir + QLatin1Char('/') + key + QStringLiteral(".tar");
}

QString BaseCachePolicy::metaPath(const QString &key) const
{
    return m_dir + QLatin1Char('/') + key + QStringLiteral(".json");
}

} // namespace Labforge
