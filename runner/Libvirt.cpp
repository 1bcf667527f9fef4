#include "Libvirt.h"

#include "LibvirtXml.h"

#include <QXmlStreamReader>

#include <libvirt/libvirt.h>
#include <libvirt/virterror.h>

namespace Labforge {

namespace {
// libvirt prints every error to stderr by default; the runner reports them itself.
void silent(void *, virErrorPtr) { }
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
    m_conn = virConnectOpen(uri.toUtf8().constData());
    if (!m_conn)
        m_openError = QStringLiteral("cannot connect to libvirt at %1: %2").arg(uri, lastError());
}

Libvirt::~Libvirt()
{
    if (m_conn)
        virConnectClose(m_conn);
}

bool Libvirt::defineAndStartNetwork(const QByteArray &xml, QString *error)
{
    virNetworkPtr net = virNetworkDefineXML(m_conn, xml.constData());
    if (!net) {
        *error = QStringLiteral("defining a network failed: %1").arg(lastError());
        return false;
    }
    const bool ok = virNetworkCreate(net) == 0;
    if (!ok) {
        *error = QStringLiteral("starting network %1 failed: %2")
                     .arg(QString::fromUtf8(virNetworkGetName(net)), lastError());
        virNetworkUndefine(net);
    }
    virNetworkFree(net);
    return ok;
}

bool Libvirt::destroyNetwork(const QString &name, QString *error)
{
    virNetworkPtr net = virNetworkLookupByName(m_conn, name.toUtf8().constData());
    if (!net)
        return true;
    if (virNetworkIsActive(net) == 1 && virNetworkDestroy(net) != 0) {
        *error = QStringLiteral("stopping network %1 failed: %2").arg(name, lastError());
        virNetworkFree(net);
        return false;
    }
    const bool ok = virNetworkUndefine(net) == 0;
    if (!ok)
        *error = QStringLiteral("undefining network %1 failed: %2").arg(name, lastError());
    virNetworkFree(net);
    return ok;
}

bool Libvirt::defineDomain(const QByteArray &xml, QString *error)
{
    virDomainPtr dom = virDomainDefineXML(m_conn, xml.constData());
    if (!dom) {
        *error = QStringLiteral("defining a domain failed: %1").arg(lastError());
        return false;
    }
    virDomainFree(dom);
    return true;
}

bool Libvirt::startDomain(const QString &name, QString *error)
{
    virDomainPtr dom = virDomainLookupByName(m_conn, name.toUtf8().constData());
    if (!dom) {
        *error = QStringLiteral("domain %1 is not defined: %2").arg(name, lastError());
        return false;
    }
    const bool ok = virDomainCreate(dom) == 0;
    if (!ok)
        *error = QStringLiteral("starting domain %1 failed: %2").arg(name, lastError());
    virDomainFree(dom);
    return ok;
}

bool Libvirt::destroyDomain(const QString &name, QString *error)
{
    virDomainPtr dom = virDomainLookupByName(m_conn, name.toUtf8().constData());
    if (!dom)
        return true;
    bool ok = true;
    if (virDomainIsActive(dom) == 1 && virDomainDestroy(dom) != 0) {
        *error = QStringLiteral("stopping domain %1 failed: %2").arg(name, lastError());
        ok = false;
    }
    if (ok && virDomainUndefine(dom) != 0) {
        *error = QStringLiteral("undefining domain %1 failed: %2").arg(name, lastError());
        ok = false;
    }
    virDomainFree(dom);
    return ok;
}

bool Libvirt::stopDomain(const QString &name, QString *error)
{
    virDomainPtr dom = virDomainLookupByName(m_conn, name.toUtf8().constData());
    if (!dom) {
        *error = QStringLiteral("domain %1 is not defined: %2").arg(name, lastError());
        return false;
    }
    const bool ok = virDomainIsActive(dom) != 1 || virDomainDestroy(dom) == 0;
    if (!ok)
        *error = QStringLiteral("powering off domain %1 failed: %2").arg(name, lastError());
    virDomainFree(dom);
    return ok;
}

bool Libvirt::isDomainRunning(const QString &name) const
{
    virDomainPtr dom = virDomainLookupByName(m_conn, name.toUtf8().constData());
    if (!dom)
        return false;
    const bool running = virDomainIsActive(dom) == 1;
    virDomainFree(dom);
    return running;
}

bool Libvirt::hasDomain(const QString &name) const
{
    virDomainPtr dom = virDomainLookupByName(m_conn, name.toUtf8().constData());
    if (dom)
        virDomainFree(dom);
    return dom != nullptr;
}

bool Libvirt::hasNetwork(const QString &name) const
{
    virNetworkPtr net = virNetworkLookupByName(m_conn, name.toUtf8().constData());
    if (net)
        virNetworkFree(net);
    return net != nullptr;
}

Libvirt::Owner Libvirt::domainOwner(const QString &name) const
{
    Owner owner;
    virDomainPtr dom = virDomainLookupByName(m_conn, name.toUtf8().constData());
    if (!dom)
        return owner;
    char *xml =
        virDomainGetMetadata(dom, VIR_DOMAIN_METADATA_ELEMENT, LibvirtXml::metadataNamespace().toUtf8().constData(), 0);
    virDomainFree(dom);
    if (!xml)
        return owner;
    const QByteArray text(xml);
    free(xml);
    QXmlStreamReader reader(text);
    while (reader.readNextStartElement()) {
        const QXmlStreamAttributes a = reader.attributes();
        owner = {a.value(QLatin1String("lab")).toString(), a.value(QLatin1String("node")).toString(),
                 a.value(QLatin1String("run")).toString()};
        break;
    }
    return owner;
}

QStringList Libvirt::domainsOfLab(const QString &lab) const
{
    QStringList out;
    const QStringList all = domains(QString());
    for (const QString &name : all) {
        if (domainOwner(name).lab == lab)
            out.append(name);
    }
    return out;
}

QStringList Libvirt::domains(const QString &prefix) const
{
    QStringList out;
    virDomainPtr *list = nullptr;
    const int n = virConnectListAllDomains(m_conn, &list, 0);
    for (int i = 0; i < n; ++i) {
        const QString name = QString::fromUtf8(virDomainGetName(list[i]));
        if (name.startsWith(prefix))
            out.append(name);
        virDomainFree(list[i]);
    }
    free(list);
    out.sort();
    return out;
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
        out->availableMiB = qint64(virNodeGetFreeMemory(m_conn) / (1024 * 1024));
    out->runningDomainsMiB = 0;
    out->runningDomains = 0;
    virDomainPtr *list = nullptr;
    const int n = virConnectListAllDomains(m_conn, &list, VIR_CONNECT_LIST_DOMAINS_ACTIVE);
    for (int i = 0; i < n; ++i) {
        out->runningDomainsMiB += qint64(virDomainGetMaxMemory(list[i])) / 1024;
        ++out->runningDomains;
        virDomainFree(list[i]);
    }
    free(list);
    return true;
}

QStringList Libvirt::networks(const QString &prefix) const
{
    QStringList out;
    virNetworkPtr *list = nullptr;
    const int n = virConnectListAllNetworks(m_conn, &list, 0);
    for (int i = 0; i < n; ++i) {
        const QString name = QString::fromUtf8(virNetworkGetName(list[i]));
        if (name.startsWith(prefix))
            out.append(name);
        virNetworkFree(list[i]);
    }
    free(list);
    out.sort();
    return out;
}

} // namespace Labforge
