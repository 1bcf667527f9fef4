// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "BootPlanner.h"

#include "HostFabric.h"
#include "LabHost.h"

#include "Catalog.h"
#include "Cidr.h"
#include "ConfinedPath.h"
#include "Ipv4.h"
#include "Lab.h"
#include "Sha256.h"

#include <cmath>

namespace Labforge {

QString BootPlanner::bridgeName(const QString &lab, const QString &network)
{
    // Linux interface names have at most 15 characters.
    return QStringLiteral("lf") + Sha256::ofData((lab + QLatin1Char('/') + network).toUtf8()).left(10);
}

QString BootPlanner::gatewayHost(const BootPlan &plan)
{
    for (const BootPlan::Host &h : plan.hosts) {
        if (LabHost::isLocalUri(h.uri))
            return h.name;
    }
    return plan.hosts.isEmpty() ? QString() : plan.hosts.first().name;
}

void BootPlanner::spreadOverHosts(BootPlan &plan)
{
    const QString gateway = gatewayHost(plan);
    QList<BootPlan::Network> spread;
    for (const BootPlan::Network &n : std::as_const(plan.networks)) {
        for (const BootPlan::Host &h : std::as_const(plan.hosts)) {
            const bool used = std::any_of(plan.domains.cbegin(), plan.domains.cend(), [&](const BootPlan::Domain &d) {
                return d.host == h.name
                    && std::any_of(d.interfaces.cbegin(), d.interfaces.cend(),
                                   [&](const BootPlan::Interface &i) { return i.network == n.name; });
            });
            if (!used && h.name != gateway)
                continue;
            BootPlan::Network net = n;
            net.name = n.name + QLatin1Char('-') + h.name;
            net.bridge = HostFabric::bridgeName(plan.labName, n.labNetwork, h.name);
            net.host = h.name;
            net.mtu = HostFabric::guestMtu();
            net.fabric = h.fabric;
            if (h.name != gateway) {
                net.gateway.clear();
                net.netmask.clear();
                net.nat = false;
            }
            spread.append(net);
        }
    }
    for (BootPlan::Domain &d : plan.domains) {
        for (BootPlan::Interface &i : d.interfaces) {
            i.network += QLatin1Char('-') + d.host;
            i.mtu = HostFabric::guestMtu();
        }
    }
    plan.networks = spread;
}

QString BootPlanner::macAddress(const QString &lab, const QString &node, int index)
{
    const QString h =
        Sha256::ofData((lab + QLatin1Char('/') + node + QLatin1Char('/') + QString::number(index)).toUtf8());
    return QStringLiteral("52:54:00:%1:%2:%3").arg(h.mid(0, 2), h.mid(2, 2), h.mid(4, 2));
}

BootPlan BootPlanner::plan(const Lab &lab, const QMap<QString, ImageBuilder::NodeImage> &images, const Options &o)
{
    BootPlan plan;
    plan.labName = lab.name;
    plan.uri = o.uri;
    plan.accel = o.accel;
    plan.memoryScale = o.memoryScale;
    plan.isolated = o.isolated;
    plan.runDirectory = o.runDirectory;
    for (const Network &n : lab.networks) {
        const auto cidr = Cidr::parse(n.cidr);
        BootPlan::Network net;
        net.name = plan.prefix() + n.name;
        net.labNetwork = n.name;
        net.bridge = bridgeName(lab.name, n.name);
        net.gateway = n.gateway;
        net.netmask = cidr ? Ipv4::format(cidr->mask()) : QString();
        net.nat = n.isDefaultRoute && !o.isolated;
        plan.networks.append(net);
    }
    const QString vmDir = o.runDirectory + QStringLiteral("/vm");
    for (const Node &node : lab.nodes) {
        const ImageBuilder::NodeImage image = images.value(node.id);
        BootPlan::Domain d;
        d.name = plan.prefix() + node.id;
        d.node = node.id;
        d.memoryMiB = std::max(512, int(std::lround(node.recipe.minMemoryGb * 1024 * o.memoryScale)));
        d.vcpus = std::max(1, node.recipe.minCpu);
        d.kernel = image.kernel;
        d.initrd = image.initrd;
        // Kernel warnings and systemd's errors only: every console byte is emulated work under
        // TCG; the openfactory services and the seed still log to the console. No drivers for
        // what a lab VM does not use, each loaded and its signature checked at every boot: the
        // floppy, PC speaker, PS/2 mouse, SMBus and IDE controllers of QEMU's pc machine (lab
        // disks are virtio, SCSI or SATA/AHCI), CPU frequency scaling, and wireless (cfg80211,
        // 1.4 MB, which systemd-networkd's nl80211 query pulled in on every node).
        d.cmdline = QStringLiteral(
            "root=/dev/vda rw console=ttyS0,115200 net.ifnames=0 panic=30 loglevel=4 systemd.show_status=error "
            "modprobe.blacklist=floppy,pcspkr,psmouse,serio_raw,i2c_piix4,ata_piix,ata_generic,pata_acpi,"
            "powernow_k8,acpi_cpufreq,cfg80211");
        d.consoleLog = ConfinedPath::isComponent(node.id)
            ? vmDir + QLatin1Char('/') + node.id + QStringLiteral("-console.log")
            : QString();
        d.sshHost = node.ip();
        // Files are named after the node and its disks: confined to vm/, or left empty (refused by the runner).
        auto file = [&](const QString &name) {
            QString error;
            return ConfinedPath::isComponent(name) ? ConfinedPath::join(vmDir, name, &error) : QString();
        };
        d.disks.append(BootPlan::Disk {BootPlan::Disk::Kind::System, file(node.id + QStringLiteral("-root.qcow2")),
                                       QStringLiteral("qcow2"), QStringLiteral("vda"), QStringLiteral("virtio"),
                                       QString(), false, 0, image.disk});
        int virtio = 1, other = 0;
        auto target = [&](const QString &bus) {
            return bus == QLatin1String("virtio") ? QStringLiteral("vd") + QLatin1Char(char('a' + virtio++))
                                                  : QStringLiteral("sd") + QLatin1Char(char('a' + other++));
        };
        for (const Disk &disk : node.disks) {
            d.disks.append(BootPlan::Disk {BootPlan::Disk::Kind::Data,
                                           file(node.id + QLatin1Char('-') + disk.id + QStringLiteral(".raw")),
                                           QStringLiteral("raw"), target(disk.bus), disk.bus, disk.serial, false,
                                           qint64(disk.sizeGb) * 1024 * 1024 * 1024, QString()});
        }
        d.disks.append(BootPlan::Disk {BootPlan::Disk::Kind::Seed, file(node.id + QStringLiteral("-seed.raw")),
                                       QStringLiteral("raw"), target(QStringLiteral("virtio")),
                                       QStringLiteral("virtio"), QLatin1String(Catalog::SeedDiskSerial), true,
                                       qint64(16) * 1024 * 1024, QString()});
        for (int i = 0; i < node.interfaces.size(); ++i)
            d.interfaces.append(BootPlan::Interface {plan.prefix() + node.interfaces.at(i).network,
                                                     macAddress(lab.name, node.id, i), node.interfaces.at(i).ip});
        plan.domains.append(d);
    }
    return plan;
}

} // namespace Labforge
