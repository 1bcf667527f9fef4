// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "Libvirt.h"

#include "LibvirtHandle.h"
#include "LibvirtXml.h"

#include <QFile>
#include <QXmlStreamWriter>

#include <libvirt/libvirt.h>
#include <libvirt/virterror.h>

namespace Labforge {

namespace {
// libvirt prints every error to stderr by default; the runner reports them itself.
void silent(void *, virErrorPtr) { }

// Sets *error to `format` with the name (%1) and libvirt's message (%2); false.
bool fail(QString *error, const char *format, const QString &name)
{
    *error = QString::fromLatin1(format).arg(name, Libvirt::lastError());
    return false;
}

// Hands every domain (or network) the listing gives to `visit`, freeing each and the list;
// false when libvirt could not list them (its message is still Libvirt::lastError()).
template<typename Visit>
bool eachDomain(virConnectPtr conn, unsigned int flags, Visit visit)
{
    virDomainPtr *list = nullptr;
    const int n = virConnectListAllDomains(conn, &list, flags);
    if (n < 0)
        return false;
    for (int i = 0; i < n; ++i)
        visit(DomainHandle(list[i]).get());
    free(list);
    return true;
}

template<typename Visit>
bool eachNetwork(virConnectPtr conn, Visit visit)
{
    virNetworkPtr *list = nullptr;
    const int n = virConnectListAllNetworks(conn, &list, 0);
    if (n < 0)
        return false;
    for (int i = 0; i < n; ++i)
        visit(NetworkHandle(list[i]).get());
    free(list);
    return true;
}

// Looks the domain `name` up and hands it to `act`, which says whether it succeeded (and sets
// *error when not); the domain is freed after. False, with "domain NAME ABSENT: libvirt's
// message", when there is no such domain.
template<typename Act>
bool withDomain(virConnectPtr conn, const QString &name, const char *absent, QString *error, Act act)
{
    const DomainHandle dom(virDomainLookupByName(conn, name.toUtf8().constData()));
    if (!dom) {
        *error = QStringLiteral("domain %1 %2: %3").arg(name, QLatin1String(absent), Libvirt::lastError());
        return false;
    }
    return act(dom.get());
}
} // namespace

QString Libvirt::lastError()
{
    const char *message = virGetLastErrorMessage();
    return message ? QString::fromUtf8(message) : QStringLiteral("unknown libvirt error");
}

Libvirt::Libvirt(const QString &uri)
    : m_uri(uri)
{
    virSetErrorFunc(nullptr, silent);
    // libvirt's default authentication: a password or polkit prompt where the URI asks for one.
    m_conn = virConnectOpenAuth(uri.toUtf8().constData(), virConnectAuthPtrDefault, 0);
    if (!m_conn) {
        m_openReason = lastError();
        m_openError = QStringLiteral("cannot connect to libvirt at %1: %2").arg(uri, m_openReason);
    }
}

Libvirt::~Libvirt()
{
    if (m_conn)
        virConnectClose(m_conn);
}

bool Libvirt::defineAndStartNetwork(const QByteArray &xml, QString *error)
{
    const NetworkHandle net(virNetworkDefineXML(m_conn, xml.constData()));
    if (!net) {
        *error = QStringLiteral("defining a network failed: %1").arg(lastError());
        return false;
    }
    const bool ok = virNetworkCreate(net.get()) == 0;
    if (!ok) {
        *error = QStringLiteral("starting network %1 failed: %2")
                     .arg(QString::fromUtf8(virNetworkGetName(net.get())), lastError());
        virNetworkUndefine(net.get());
    }
    return ok;
}

bool Libvirt::destroyNetwork(const QString &name, QString *error)
{
    const NetworkHandle net(virNetworkLookupByName(m_conn, name.toUtf8().constData()));
    if (!net)
        return true;
    if (virNetworkIsActive(net.get()) == 1 && virNetworkDestroy(net.get()) != 0)
        return fail(error, "stopping network %1 failed: %2", name);
    return virNetworkUndefine(net.get()) == 0 || fail(error, "undefining network %1 failed: %2", name);
}

bool Libvirt::defineDomain(const QByteArray &xml, QString *error)
{
    const DomainHandle dom(virDomainDefineXML(m_conn, xml.constData()));
    if (!dom)
        *error = QStringLiteral("defining a domain failed: %1").arg(lastError());
    return dom != nullptr;
}

QByteArray Libvirt::domainXml(const QString &name) const
{
    char *xml = nullptr;
    if (const DomainHandle dom {m_conn ? virDomainLookupByName(m_conn, name.toUtf8().constData()) : nullptr})
        xml = virDomainGetXMLDesc(dom.get(), 0);
    if (!xml)
        return {};
    QByteArray text(xml);
    free(xml);
    return text;
}

virStreamPtr Libvirt::openConsole(const QString &name, bool force, QString *error)
{
    virStreamPtr opened = nullptr;
    withDomain(m_conn, name, "is not defined", error, [&](virDomainPtr dom) {
        StreamHandle stream(virStreamNew(m_conn, 0));
        const unsigned int flags = VIR_DOMAIN_CONSOLE_SAFE | (force ? VIR_DOMAIN_CONSOLE_FORCE : 0);
        if (!stream || virDomainOpenConsole(dom, nullptr, stream.get(), flags) != 0)
            return fail(error, "cannot attach to the serial console of %1: %2", name);
        opened = stream.release();
        return true;
    });
    return opened;
}

bool Libvirt::startDomain(const QString &name, QString *error)
{
    return withDomain(m_conn, name, "is not defined", error, [&](virDomainPtr dom) {
        return virDomainCreate(dom) == 0 || fail(error, "starting domain %1 failed: %2", name);
    });
}

bool Libvirt::startDomainPaused(const QString &name, bool *paused, QString *error)
{
    *paused = false;
    return withDomain(m_conn, name, "is not defined", error, [&](virDomainPtr dom) {
        bool ok = virDomainCreateWithFlags(dom, VIR_DOMAIN_START_PAUSED) == 0;
        if (ok) {
            *paused = true;
        } else if (virGetLastErrorCode() == VIR_ERR_INVALID_ARG || virGetLastErrorCode() == VIR_ERR_NO_SUPPORT) {
            ok = virDomainCreate(dom) == 0; // a driver without paused starts
        }
        return ok || fail(error, "starting domain %1 failed: %2", name);
    });
}

bool Libvirt::resumeDomain(const QString &name, QString *error)
{
    return withDomain(m_conn, name, "is gone", error, [&](virDomainPtr dom) {
        return virDomainResume(dom) == 0 || fail(error, "resuming domain %1 failed: %2", name);
    });
}

bool Libvirt::suspendDomain(const QString &name, QString *error)
{
    return withDomain(m_conn, name, "is gone", error, [&](virDomainPtr dom) {
        return virDomainSuspend(dom) == 0 || fail(error, "pausing domain %1 failed: %2", name);
    });
}

bool Libvirt::saveDomainState(const QString &name, const QString &file, QString *error)
{
    return withDomain(m_conn, name, "is gone", error, [&](virDomainPtr dom) {
        return virDomainSaveFlags(dom, QFile::encodeName(file).constData(), nullptr, VIR_DOMAIN_SAVE_PAUSED) == 0
            || fail(error, "saving the state of domain %1 failed: %2", name);
    });
}

bool Libvirt::restoreDomainState(const QString &file, QString *error)
{
    const bool ok =
        virDomainRestoreFlags(m_conn, QFile::encodeName(file).constData(), nullptr, VIR_DOMAIN_SAVE_PAUSED) == 0;
    if (!ok)
        *error = QStringLiteral("starting a domain from %1 failed: %2").arg(file, lastError());
    return ok;
}

bool Libvirt::destroyDomain(const QString &name, QString *error)
{
    const DomainHandle dom(virDomainLookupByName(m_conn, name.toUtf8().constData()));
    if (!dom)
        return true;
    if (virDomainIsActive(dom.get()) == 1 && virDomainDestroy(dom.get()) != 0)
        return fail(error, "stopping domain %1 failed: %2", name);
    return virDomainUndefine(dom.get()) == 0 || fail(error, "undefining domain %1 failed: %2", name);
}

bool Libvirt::stopDomain(const QString &name, QString *error)
{
    return withDomain(m_conn, name, "is not defined", error, [&](virDomainPtr dom) {
        return virDomainIsActive(dom) != 1 || virDomainDestroy(dom) == 0
            || fail(error, "powering off domain %1 failed: %2", name);
    });
}

bool Libvirt::shutdownDomain(const QString &name, QString *error)
{
    return withDomain(m_conn, name, "is not defined", error, [&](virDomainPtr dom) {
        return virDomainShutdown(dom) == 0 || fail(error, "asking domain %1 to power off failed: %2", name);
    });
}

bool Libvirt::rebootDomain(const QString &name, QString *error)
{
    return withDomain(m_conn, name, "is not defined", error, [&](virDomainPtr dom) {
        return virDomainReboot(dom, 0) == 0 || fail(error, "asking domain %1 to reboot failed: %2", name);
    });
}

QString Libvirt::domainState(const QString &name) const
{
    const DomainHandle dom(m_conn ? virDomainLookupByName(m_conn, name.toUtf8().constData()) : nullptr);
    if (!dom)
        return QStringLiteral("absent");
    int state = 0;
    int reason = 0;
    if (virDomainGetState(dom.get(), &state, &reason, 0) != 0)
        return QStringLiteral("unknown");
    switch (state) {
    case VIR_DOMAIN_RUNNING:
        return QStringLiteral("running");
    case VIR_DOMAIN_BLOCKED:
        return QStringLiteral("blocked");
    case VIR_DOMAIN_PAUSED:
        return QStringLiteral("paused");
    case VIR_DOMAIN_SHUTDOWN:
        return QStringLiteral("shutting down");
    case VIR_DOMAIN_SHUTOFF:
        return QStringLiteral("shut off");
    case VIR_DOMAIN_CRASHED:
        return QStringLiteral("crashed");
    case VIR_DOMAIN_PMSUSPENDED:
        return QStringLiteral("suspended");
    default:
        return QStringLiteral("unknown");
    }
}

bool Libvirt::isDomainRunning(const QString &name) const
{
    const DomainHandle dom(virDomainLookupByName(m_conn, name.toUtf8().constData()));
    return dom && virDomainIsActive(dom.get()) == 1;
}

quint64 Libvirt::qemuVersion() const
{
    unsigned long version = 0;
    const char *type = m_conn ? virConnectGetType(m_conn) : nullptr;
    if (!type || qstrcmp(type, "QEMU") != 0 || virConnectGetVersion(m_conn, &version) != 0)
        return 0;
    return version;
}

quint64 Libvirt::libvirtVersion() const
{
    unsigned long version = 0;
    if (!m_conn || virConnectGetLibVersion(m_conn, &version) != 0)
        return 0;
    return version;
}

bool Libvirt::hasDomain(const QString &name) const
{
    return DomainHandle(virDomainLookupByName(m_conn, name.toUtf8().constData())) != nullptr;
}

bool Libvirt::hasNetwork(const QString &name) const
{
    return NetworkHandle(virNetworkLookupByName(m_conn, name.toUtf8().constData())) != nullptr;
}

Libvirt::Owner Libvirt::domainOwner(const QString &name) const
{
    Owner owner;
    const DomainHandle dom(virDomainLookupByName(m_conn, name.toUtf8().constData()));
    char *xml = dom ? virDomainGetMetadata(dom.get(), VIR_DOMAIN_METADATA_ELEMENT,
                                           LibvirtXml::metadataNamespace().toUtf8().constData(), 0)
                    : nullptr;
    if (!xml)
        return owner;
    const QByteArray text(xml);
    free(xml);
    QXmlStreamReader reader(text);
    while (reader.readNextStartElement()) {
        const QXmlStreamAttributes a = reader.attributes();
        owner = {a.value(QLatin1String("lab")).toString(),
                 a.value(QLatin1String("node")).toString(),
                 a.value(QLatin1String("run")).toString(),
                 {a.value(QLatin1String("cache")).toString(), a.value(QLatin1String("user")).toString()}};
        break;
    }
    return owner;
}

std::optional<QStringList> Libvirt::domainsOfLab(const QString &lab, QString *error) const
{
    const auto all = labforgeDomains(error);
    if (!all)
        return std::nullopt;
    QStringList out;
    for (auto it = all->cbegin(); it != all->cend(); ++it) {
        if (it->lab == lab)
            out.append(it.key());
    }
    return out;
}

std::optional<QMap<QString, Libvirt::Owner>> Libvirt::labforgeDomains(QString *error) const
{
    const auto all = domains(QString(), error);
    if (!all)
        return std::nullopt;
    QMap<QString, Owner> out;
    for (const QString &name : *all) {
        if (Owner owner = domainOwner(name); !owner.lab.isEmpty())
            out.insert(name, owner);
    }
    return out;
}

std::optional<QStringList> Libvirt::domains(const QString &prefix, QString *error) const
{
    QStringList out;
    const bool listed = eachDomain(m_conn, 0, [&](virDomainPtr dom) {
        if (const QString name = QString::fromUtf8(virDomainGetName(dom)); name.startsWith(prefix))
            out.append(name);
    });
    if (!listed) {
        *error = QStringLiteral("cannot list the domains at %1: %2").arg(m_uri, lastError());
        return std::nullopt;
    }
    out.sort();
    return out;
}

bool Libvirt::ensurePool(const QString &pool, const QString &directory, QString *error)
{
    PoolHandle p(virStoragePoolLookupByName(m_conn, pool.toUtf8().constData()));
    if (!p) {
        QByteArray xml;
        QXmlStreamWriter w(&xml);
        w.writeStartElement(QStringLiteral("pool"));
        w.writeAttribute(QStringLiteral("type"), QStringLiteral("dir"));
        w.writeTextElement(QStringLiteral("name"), pool);
        w.writeStartElement(QStringLiteral("target"));
        w.writeTextElement(QStringLiteral("path"), directory);
        // Passage only: no other user of the host lists the lab's volumes (each is 0600).
        w.writeStartElement(QStringLiteral("permissions"));
        w.writeTextElement(QStringLiteral("mode"), QStringLiteral("0711"));
        w.writeEndElement();
        w.writeEndElement();
        w.writeEndElement();
        p.reset(virStoragePoolDefineXML(m_conn, xml.constData(), 0));
        if (!p) {
            *error = QStringLiteral("defining storage pool %1 at %2 failed: %3").arg(pool, m_uri, lastError());
            return false;
        }
        virStoragePoolBuild(p.get(), 0); // the directory; one that exists is fine
        virStoragePoolSetAutostart(p.get(), 1);
    }
    if (virStoragePoolIsActive(p.get()) != 1 && virStoragePoolCreate(p.get(), 0) != 0) {
        *error = QStringLiteral("starting storage pool %1 at %2 failed: %3").arg(pool, m_uri, lastError());
        return false;
    }
    virStoragePoolRefresh(p.get(), 0);
    return true;
}

QString Libvirt::volumePath(const QString &pool, const QString &volume) const
{
    const PoolHandle p(virStoragePoolLookupByName(m_conn, pool.toUtf8().constData()));
    if (!p)
        return {};
    QString path;
    if (const VolumeHandle v {virStorageVolLookupByName(p.get(), volume.toUtf8().constData())}) {
        if (char *s = virStorageVolGetPath(v.get())) {
            path = QString::fromUtf8(s);
            free(s);
        }
    }
    return path;
}

bool Libvirt::createVolume(const QString &pool, const QByteArray &xml, QString *error)
{
    const PoolHandle p(virStoragePoolLookupByName(m_conn, pool.toUtf8().constData()));
    if (!p) {
        *error = QStringLiteral("no storage pool %1 at %2: %3").arg(pool, m_uri, lastError());
        return false;
    }
    const VolumeHandle v(virStorageVolCreateXML(p.get(), xml.constData(), 0));
    if (!v)
        *error = QStringLiteral("creating a volume in pool %1 at %2 failed: %3").arg(pool, m_uri, lastError());
    return v != nullptr;
}

bool Libvirt::uploadVolume(const QString &pool, const QString &volume, const QString &file, QString *error)
{
    QFile in(file);
    if (!in.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1: %2").arg(file, in.errorString());
        return false;
    }
    VolumeHandle v;
    if (const PoolHandle p {virStoragePoolLookupByName(m_conn, pool.toUtf8().constData())})
        v.reset(virStorageVolLookupByName(p.get(), volume.toUtf8().constData()));
    if (!v) {
        *error = QStringLiteral("no volume %1 in pool %2 at %3").arg(volume, pool, m_uri);
        return false;
    }
    const StreamHandle stream(virStreamNew(m_conn, 0));
    bool ok = stream && virStorageVolUpload(v.get(), stream.get(), 0, quint64(in.size()), 0) == 0;
    QByteArray chunk;
    while (ok && !(chunk = in.read(1 << 20)).isEmpty()) {
        for (qsizetype sent = 0; ok && sent < chunk.size();) {
            const int n = virStreamSend(stream.get(), chunk.constData() + sent, size_t(chunk.size() - sent));
            ok = n > 0;
            sent += std::max(n, 0);
        }
    }
    ok = ok && virStreamFinish(stream.get()) == 0;
    if (!ok) {
        *error = QStringLiteral("uploading %1 to volume %2 at %3 failed: %4").arg(file, volume, m_uri, lastError());
        if (stream)
            virStreamAbort(stream.get());
    }
    return ok;
}

bool Libvirt::deleteVolume(const QString &pool, const QString &volume, QString *error)
{
    const PoolHandle p(virStoragePoolLookupByName(m_conn, pool.toUtf8().constData()));
    if (!p)
        return true;
    bool ok = true;
    if (const VolumeHandle v {virStorageVolLookupByName(p.get(), volume.toUtf8().constData())}) {
        ok = virStorageVolDelete(v.get(), 0) == 0;
        if (!ok)
            *error = QStringLiteral("removing volume %1 at %2 failed: %3").arg(volume, m_uri, lastError());
    }
    return ok;
}

bool Libvirt::resources(Resources *out, QString *error) const
{
    virNodeInfo info {};
    if (virNodeGetInfo(m_conn, &info) != 0) {
        *error = QStringLiteral("cannot read the host's resources at %1: %2").arg(m_uri, lastError());
        return false;
    }
    out->memoryMiB = qint64(info.memory) / 1024;
    out->cpus = int(info.cpus);
    int count = 0;
    if (virNodeGetMemoryStats(m_conn, VIR_NODE_MEMORY_STATS_ALL_CELLS, nullptr, &count, 0) == 0 && count > 0) {
        QList<virNodeMemoryStats> stats(count);
        if (virNodeGetMemoryStats(m_conn, VIR_NODE_MEMORY_STATS_ALL_CELLS, stats.data(), &count, 0) == 0) {
            qint64 kib = 0;
            for (int i = 0; i < count; ++i) {
                const QByteArray field(stats.at(i).field);
                if (field == VIR_NODE_MEMORY_STATS_FREE || field == VIR_NODE_MEMORY_STATS_BUFFERS
                    || field == VIR_NODE_MEMORY_STATS_CACHED)
                    kib += qint64(stats.at(i).value);
            }
            out->availableMiB = kib / 1024;
        }
    }
    if (out->availableMiB == 0)
        out->availableMiB = qint64(virNodeGetFreeMemory(m_conn) / (1024ULL * 1024));
    out->runningDomainsMiB = 0;
    out->runningDomains = 0;
    const bool listed = eachDomain(m_conn, VIR_CONNECT_LIST_DOMAINS_ACTIVE, [&](virDomainPtr dom) {
        out->runningDomainsMiB += qint64(virDomainGetMaxMemory(dom)) / 1024;
        ++out->runningDomains;
    });
    if (!listed)
        *error = QStringLiteral("cannot list the running domains at %1: %2").arg(m_uri, lastError());
    return listed;
}

std::optional<QStringList> Libvirt::networks(const QString &prefix, QString *error) const
{
    QStringList out;
    const bool listed = eachNetwork(m_conn, [&](virNetworkPtr net) {
        if (const QString name = QString::fromUtf8(virNetworkGetName(net)); name.startsWith(prefix))
            out.append(name);
    });
    if (!listed) {
        *error = QStringLiteral("cannot list the networks at %1: %2").arg(m_uri, lastError());
        return std::nullopt;
    }
    out.sort();
    return out;
}

} // namespace Labforge
