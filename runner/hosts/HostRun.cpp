// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "HostRun.h"

#include "HostCommand.h"
#include "HostNetworks.h"
#include "HostVolumes.h"
#include "LabHost.h"
#include "Libvirt.h"
#include "Sha256.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>

namespace Labforge {

namespace {

qint64 virtualSize(const QString &image, QString *error)
{
    QProcess p;
    p.setProcessEnvironment(HostCommand::cleanEnvironment());
    p.start(QStringLiteral("qemu-img"), {QStringLiteral("info"), QStringLiteral("--output=json"), image});
    if (!p.waitForFinished(60000) || p.exitCode() != 0) {
        *error = QStringLiteral("qemu-img info %1 failed: %2").arg(image, QString::fromUtf8(p.readAllStandardError()));
        return -1;
    }
    return QJsonDocument::fromJson(p.readAllStandardOutput())
        .object()
        .value(QStringLiteral("virtual-size"))
        .toInteger();
}

} // namespace

QString HostRun::uriOf(const BootPlan &plan, const QString &host)
{
    for (const BootPlan::Host &h : plan.hosts) {
        if (h.name == host)
            return h.uri;
    }
    return plan.uri;
}

bool HostRun::isElsewhere(const QString &uri)
{
    return !LabHost::isLocalUri(uri) && !uri.startsWith(QLatin1String("test:"));
}

QJsonObject HostRun::record(const BootPlan &plan)
{
    QJsonArray hosts;
    for (const BootPlan::Host &h : plan.hosts)
        hosts.append(QJsonObject {{QStringLiteral("name"), h.name},
                                  {QStringLiteral("uri"), h.uri},
                                  {QStringLiteral("tunnel_address"), h.tunnelAddress},
                                  {QStringLiteral("tunnel_port"), h.tunnelPort},
                                  {QStringLiteral("fabric"), h.fabric}});
    QJsonArray networks;
    for (const BootPlan::Network &n : plan.networks)
        networks.append(QJsonObject {{QStringLiteral("name"), n.name},
                                     {QStringLiteral("lab_network"), n.labNetwork},
                                     {QStringLiteral("host"), n.host},
                                     {QStringLiteral("fabric"), n.fabric},
                                     {QStringLiteral("gateway"), n.gateway},
                                     {QStringLiteral("netmask"), n.netmask},
                                     {QStringLiteral("nat"), n.nat}});
    QJsonObject domains;
    for (const BootPlan::Domain &d : plan.domains)
        domains.insert(d.name, uriOf(plan, d.host));
    return QJsonObject {{QStringLiteral("hosts"), hosts},
                        {QStringLiteral("networks"), networks},
                        {QStringLiteral("domains"), domains},
                        {QStringLiteral("volumes"), QJsonArray()}};
}

BootPlan HostRun::planOf(const QString &labName, const QJsonObject &record)
{
    BootPlan plan;
    plan.labName = labName;
    for (const QJsonValue v : record.value(QStringLiteral("hosts")).toArray()) {
        const QJsonObject h = v.toObject();
        plan.hosts.append(BootPlan::Host {
            h.value(QStringLiteral("name")).toString(), h.value(QStringLiteral("uri")).toString(),
            h.value(QStringLiteral("tunnel_address")).toString(), h.value(QStringLiteral("tunnel_port")).toInt(),
            h.value(QStringLiteral("fabric")).toString()});
    }
    for (const QJsonValue v : record.value(QStringLiteral("networks")).toArray()) {
        const QJsonObject n = v.toObject();
        BootPlan::Network net;
        net.name = n.value(QStringLiteral("name")).toString();
        net.labNetwork = n.value(QStringLiteral("lab_network")).toString();
        net.host = n.value(QStringLiteral("host")).toString();
        net.fabric = n.value(QStringLiteral("fabric")).toString();
        net.gateway = n.value(QStringLiteral("gateway")).toString();
        net.netmask = n.value(QStringLiteral("netmask")).toString();
        net.nat = n.value(QStringLiteral("nat")).toBool();
        plan.networks.append(net);
    }
    return plan;
}

bool HostRun::carry(BootPlan::Domain &d, const QString &uri, QJsonArray *volumes, QString *error)
{
    HostVolumes host(uri);
    if (!host.isOpen()) {
        *error = host.openError();
        return false;
    }
    const auto made = [&](const QString &name) {
        volumes->append(QJsonObject {{QStringLiteral("uri"), uri}, {QStringLiteral("name"), name}});
    };
    // Kernel, initrd and the node's image: shared by digest, reused while the host holds it.
    const auto shared = [&](const QString &file, const QString &suffix) {
        const QString sha256 = Sha256::ofFile(file);
        bool reused = false;
        QString path = sha256.isEmpty() ? QString() : host.image(file, sha256, &reused, error, suffix);
        if (sha256.isEmpty())
            *error = QStringLiteral("%1 cannot be read").arg(file);
        return path;
    };
    d.kernel = shared(d.kernel, QStringLiteral(".kernel"));
    if (d.kernel.isEmpty())
        return false;
    d.initrd = shared(d.initrd, QStringLiteral(".initrd"));
    if (d.initrd.isEmpty())
        return false;
    for (BootPlan::Disk &disk : d.disks) {
        QString path;
        if (disk.kind == BootPlan::Disk::Kind::System) {
            const QString base = shared(disk.backing, QStringLiteral(".qcow2"));
            const qint64 size = base.isEmpty() ? -1 : virtualSize(disk.backing, error);
            const QString name = d.name + QStringLiteral("-root.qcow2");
            path = size < 0 ? QString() : host.overlay(name, base, size, error);
            disk.backing = base;
            if (!path.isEmpty())
                made(name);
        } else if (disk.kind == BootPlan::Disk::Kind::Seed) {
            const QString name = d.name + QStringLiteral("-seed.raw");
            path = host.copy(name, disk.file, error);
            if (!path.isEmpty())
                made(name);
        } else {
            const QString name = d.name + QLatin1Char('-') + disk.serial + QStringLiteral(".raw");
            path = host.blank(name, disk.sizeBytes, error);
            if (!path.isEmpty())
                made(name);
        }
        if (path.isEmpty()) {
            *error = QStringLiteral("node %1 on %2: %3").arg(d.node, uri, *error);
            return false;
        }
        disk.file = path;
    }
    // QEMU writes the console where it runs; libvirt's own log directory exists on every host.
    d.consoleLog = QStringLiteral("/var/log/libvirt/qemu/%1-console.log").arg(d.name);
    return true;
}

bool HostRun::remove(const QString &labName, const QString &runId, const QJsonObject &record,
                     const QStringList &domains, const QStringList &networks, QStringList *problems,
                     QStringList *removed)
{
    const qsizetype before = problems->size();
    const QJsonObject uris = record.value(QStringLiteral("domains")).toObject();
    for (const QString &name : domains) {
        Libvirt virt(uris.value(name).toString());
        if (!virt.isOpen()) {
            problems->append(virt.openError());
            continue;
        }
        if (!virt.hasDomain(name))
            continue;
        const Libvirt::Owner owner = virt.domainOwner(name);
        if (owner.lab != labName || (!runId.isEmpty() && owner.run != runId))
            continue; // not this run's: never ours to remove
        if (QString e; virt.destroyDomain(name, &e))
            removed->append(name);
        else
            problems->append(e);
    }
    if (HostNetworks(planOf(labName, record)).remove(networks, problems))
        *removed += networks;
    for (const QJsonValue v : record.value(QStringLiteral("volumes")).toArray()) {
        const QJsonObject volume = v.toObject();
        HostVolumes host(volume.value(QStringLiteral("uri")).toString());
        QString e;
        if (!host.isOpen())
            problems->append(host.openError());
        else if (!host.remove(volume.value(QStringLiteral("name")).toString(), &e))
            problems->append(e);
    }
    return problems->size() == before;
}

} // namespace Labforge
