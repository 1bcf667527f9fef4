// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "RunInventory.h"

#include "LabHost.h"
#include "RegularFile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSaveFile>

namespace Labforge {

namespace {

// The first libvirt URI of a record that a lab's hosts could not give, as "KEY: why", else
// empty. A record is a file in the cache, which anyone who can write there may have changed:
// every URI in it reaches libvirt (and ssh) under the same rules as a lab file's hosts.
QString uriProblemOf(const QJsonObject &record)
{
    QList<std::pair<QString, QString>> uris {{QStringLiteral("/uri"), record.value(QStringLiteral("uri")).toString()}};
    const QJsonObject hosts = record.value(QStringLiteral("plan")).toObject().value(QStringLiteral("hosts")).toObject();
    const QJsonArray listed = hosts.value(QStringLiteral("hosts")).toArray();
    for (qsizetype i = 0; i < listed.size(); ++i)
        uris.append({QStringLiteral("/plan/hosts/hosts/%1/uri").arg(i),
                     listed.at(i).toObject().value(QStringLiteral("uri")).toString()});
    const QJsonObject domains = hosts.value(QStringLiteral("domains")).toObject();
    for (auto it = domains.begin(); it != domains.end(); ++it)
        uris.append({QStringLiteral("/plan/hosts/domains/%1").arg(it.key()), it.value().toString()});
    const QJsonArray volumes = hosts.value(QStringLiteral("volumes")).toArray();
    for (qsizetype i = 0; i < volumes.size(); ++i)
        uris.append({QStringLiteral("/plan/hosts/volumes/%1/uri").arg(i),
                     volumes.at(i).toObject().value(QStringLiteral("uri")).toString()});
    for (const auto &[key, uri] : std::as_const(uris)) {
        if (key == QLatin1String("/uri") && uri.isEmpty())
            continue; // a run that had not chosen its host yet
        if (const QString why = LabHost::uriProblem(uri); !why.isEmpty())
            return QStringLiteral("%1: the URI \"%2\" %3").arg(key, RunInventory::shownUri(uri), why);
    }
    return {};
}

} // namespace

RunInventory::RunInventory(QString runDirectory)
    : m_runDirectory(std::move(runDirectory))
{ }

QString RunInventory::path() const
{
    return m_runDirectory + QStringLiteral("/state.json");
}

QStringList RunInventory::domainNames() const
{
    QStringList out;
    for (const Domain &d : domains)
        out.append(d.name);
    return out;
}

RunInventory::Domain *RunInventory::domainOf(const QString &node)
{
    const auto it = std::find_if(domains.begin(), domains.end(), [&](const Domain &d) { return d.node == node; });
    return it == domains.end() ? nullptr : &*it;
}

QString RunInventory::uriOf(const QString &domain) const
{
    const QString recorded = plan.value(QStringLiteral("hosts"))
                                 .toObject()
                                 .value(QStringLiteral("domains"))
                                 .toObject()
                                 .value(domain)
                                 .toString();
    return recorded.isEmpty() ? uri : recorded;
}

QString RunInventory::shownUri(const QString &uri)
{
    // Textually, so that a URI too broken to parse loses its password too.
    static const QRegularExpression password(QStringLiteral("(://[^/@:]*):[^/@]*@"));
    return QString(uri).replace(password, QStringLiteral("\\1@"));
}

namespace {

// `file` with its directories resolved as the kernel would open it: the deepest one that
// exists made canonical (every link in it followed), the missing ones below it (which no
// link can be) as written, its own name as it is (a link there is the opener's to refuse).
// Empty for a path with a "." or ".." part (labforge records none), which reads one way
// as text and may lead another way through a link.
QString resolvedPath(const QString &file)
{
    const QString absolute = QDir::isAbsolutePath(file) ? file : QDir::currentPath() + QLatin1Char('/') + file;
    QStringList parts = absolute.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    if (parts.isEmpty() || parts.contains(QStringLiteral(".")) || parts.contains(QStringLiteral("..")))
        return {};
    const QString name = parts.takeLast();
    QStringList missing;
    while (!parts.isEmpty()) {
        const QString canonical = QFileInfo(QLatin1Char('/') + parts.join(QLatin1Char('/'))).canonicalFilePath();
        if (!canonical.isEmpty())
            return (canonical == QLatin1String("/") ? QString() : canonical) + QLatin1Char('/')
                + (missing + QStringList {name}).join(QLatin1Char('/'));
        missing.prepend(parts.takeLast());
    }
    return QLatin1Char('/') + (missing + QStringList {name}).join(QLatin1Char('/'));
}

} // namespace

bool RunInventory::owns(const QString &file) const
{
    // Both resolved: a folder of the run that is a link (run/logs -> /etc) does not make
    // what lies through it the run's.
    const QString root = QFileInfo(m_runDirectory).canonicalFilePath();
    const QString resolved = resolvedPath(file);
    return !m_runDirectory.isEmpty() && !root.isEmpty() && !resolved.isEmpty()
        && resolved.startsWith(root + QLatin1Char('/'));
}

bool RunInventory::load(QString *error)
{
    m_refused = false;
    if (!QFileInfo(path()).isSymLink() && !QFileInfo::exists(path())) {
        *error = QStringLiteral("no run inventory at %1").arg(path());
        return false;
    }
    const auto bytes = RegularFile::read(path(), MaxBytes, error);
    if (!bytes)
        return false;
    QJsonParseError parse {};
    const QJsonObject o = QJsonDocument::fromJson(*bytes, &parse).object();
    if (parse.error != QJsonParseError::NoError) {
        *error = QStringLiteral("%1 is not readable JSON: %2").arg(path(), parse.errorString());
        return false;
    }
    if (const QString why = uriProblemOf(o); !why.isEmpty()) {
        *error = QStringLiteral("%1: not used, %2").arg(path(), why);
        m_refused = true;
        return false;
    }
    runId = o.value(QStringLiteral("run")).toString();
    lab = o.value(QStringLiteral("lab")).toString();
    uri = o.value(QStringLiteral("uri")).toString();
    started = QDateTime::fromString(o.value(QStringLiteral("started")).toString(), Qt::ISODate);
    plan = o.value(QStringLiteral("plan")).toObject();
    domains.clear();
    for (const QJsonValue v : o.value(QStringLiteral("domains")).toArray()) {
        const QJsonObject d = v.toObject();
        domains.append(Domain {d.value(QStringLiteral("name")).toString(), d.value(QStringLiteral("node")).toString(),
                               d.value(QStringLiteral("ssh_host")).toString(),
                               d.value(QStringLiteral("memory_mib")).toInt(),
                               d.value(QStringLiteral("console_log")).toString(),
                               QDateTime::fromString(d.value(QStringLiteral("started")).toString(), Qt::ISODate),
                               d.value(QStringLiteral("role")).toString()});
    }
    networks.clear();
    for (const QJsonValue v : o.value(QStringLiteral("networks")).toArray())
        networks.append(v.toString());
    files.clear();
    for (const QJsonValue v : o.value(QStringLiteral("files")).toArray())
        files.append(v.toString());
    dataDisks.clear();
    for (const QJsonValue v : o.value(QStringLiteral("data_disks")).toArray())
        dataDisks.append(v.toString());
    return true;
}

bool RunInventory::save(QString *error) const
{
    QJsonArray d, n, f;
    for (const Domain &x : domains)
        d.append(QJsonObject {{QStringLiteral("name"), x.name},
                              {QStringLiteral("node"), x.node},
                              {QStringLiteral("ssh_host"), x.sshHost},
                              {QStringLiteral("memory_mib"), x.memoryMiB},
                              {QStringLiteral("console_log"), x.consoleLog},
                              {QStringLiteral("started"), x.started.toString(Qt::ISODate)},
                              {QStringLiteral("role"), x.role}});
    for (const QString &x : networks)
        n.append(x);
    for (const QString &x : files)
        f.append(x);
    const QJsonObject o {{QStringLiteral("format"), QStringLiteral("labforge/run-inventory@1")},
                         {QStringLiteral("run"), runId},
                         {QStringLiteral("lab"), lab},
                         {QStringLiteral("uri"), uri},
                         {QStringLiteral("started"), started.toString(Qt::ISODate)},
                         {QStringLiteral("plan"), plan},
                         {QStringLiteral("domains"), d},
                         {QStringLiteral("networks"), n},
                         {QStringLiteral("files"), f},
                         {QStringLiteral("data_disks"), QJsonArray::fromStringList(dataDisks)}};
    QDir().mkpath(m_runDirectory);
    QSaveFile out(path());
    if (!out.open(QIODevice::WriteOnly) || out.write(QJsonDocument(o).toJson()) < 0 || !out.commit()) {
        *error = QStringLiteral("cannot record the run's inventory in %1: %2").arg(path(), out.errorString());
        return false;
    }
    return true;
}

bool RunInventory::remove(QString *error) const
{
    if (QFile::exists(path()) && !QFile::remove(path())) {
        *error = QStringLiteral("cannot remove %1").arg(path());
        return false;
    }
    return true;
}

} // namespace Labforge
