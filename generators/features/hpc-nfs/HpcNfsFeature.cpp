// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "HpcNfsFeature.h"
#include "Latin1List.h"
#include "ValidatorText.h"

#include "Lab.h"
#include "ProblemSink.h"
#include "ServiceConfigCheck.h"

namespace Labforge {

HpcNfsFeature::HpcNfsFeature()
    : FeatureDefinition({
        .name = QStringLiteral("hpc-nfs"),
        .summary = QStringLiteral("NFS server on a dedicated disk found by its serial"),
        .allowedRoles = Latin1List::of({"storage"}),
        .requiredServices = Latin1List::of({"openfactory-hpc-nfs"}),
        .shortName = QStringLiteral("nfs"),
        .nfsServer = true,
    })
{ }

void HpcNfsFeature::checkServiceConfig(const ServiceInput &in, ProblemSink &sink) const
{
    ServiceConfigCheck check(in, Latin1List::of({"disk_serial", "export_network"}), sink);
    JsonObjectReader &r = check.reader();
    const Node &node = in.node;
    const QString serial = r.string(QStringLiteral("disk_serial"));
    if (r.has(QStringLiteral("disk_serial"))) {
        const bool onNode =
            std::any_of(node.disks.begin(), node.disks.end(), [&](const Disk &d) { return d.serial == serial; });
        if (!onNode)
            sink.error(HpcNfsFeature::ServiceDiskSerial, r.pointer(QStringLiteral("disk_serial")),
                       ValidatorText::tr("node \"%1\": disk_serial \"%2\" is not the serial of a disk of this node")
                           .arg(node.id, serial),
                       node.id);
    }
    const QString exportNetwork = r.string(QStringLiteral("export_network"));
    if (r.has(QStringLiteral("export_network"))) {
        const bool attached = std::any_of(node.interfaces.begin(), node.interfaces.end(), [&](const NodeInterface &i) {
            const Network *net = in.lab.network(i.network);
            return net && net->cidr == exportNetwork;
        });
        if (!attached)
            sink.error(HpcNfsFeature::ServiceExportNetwork, r.pointer(QStringLiteral("export_network")),
                       ValidatorText::tr("node \"%1\": export_network %2 is not a network this node is on")
                           .arg(node.id, exportNetwork),
                       node.id);
    }
}

QJsonObject HpcNfsFeature::suggestedConfig(const QString &, const Lab &lab, const Node &node,
                                           const ValidationContext &) const
{
    const Network *net = lab.network(node.interfaces.value(0).network);
    return QJsonObject {{QStringLiteral("disk_serial"), node.disks.isEmpty() ? QString() : node.disks.first().serial},
                        {QStringLiteral("export_network"), net ? net->cidr : QString()}};
}

void HpcNfsFeature::renumberNetworkInConfig(QJsonObject &config, const QString &oldCidr, const QString &newCidr) const
{
    const QString key = QStringLiteral("export_network");
    if (config.value(key).toString() == oldCidr)
        config.insert(key, newCidr);
}

QList<Disk> HpcNfsFeature::suggestedDisks(const Lab &lab, const Node &node) const
{
    // The export lives on a dedicated disk found by its serial (the reference lab's).
    Q_UNUSED(lab);
    if (!node.disks.isEmpty())
        return {};
    Disk disk;
    disk.id = QStringLiteral("hpc-data");
    disk.sizeGb = 20;
    disk.serial = QStringLiteral("OPENFACTORY_HPC_DATA");
    return {disk};
}

} // namespace Labforge
