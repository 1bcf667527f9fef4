// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "HpcNfsGenerator.h"

#include "EnvFile.h"
#include "HpcLayout.h"
#include "Template.h"
#include "UnitFile.h"

namespace Labforge {

FeatureOutput HpcNfsGenerator::generate(const GeneratorContext &c) const
{
    FeatureOutput out;
    const Service *service = c.service(QStringLiteral("openfactory-hpc-nfs"));
    if (!service) {
        out.errors.append(QStringLiteral("feature hpc-nfs needs the openfactory-hpc-nfs service"));
        return out;
    }
    const QString serial = service->config.value(QStringLiteral("disk_serial")).toString();
    const QString exportNetwork = service->config.value(QStringLiteral("export_network")).toString();
    // The controller of a Slinky cluster using this server writes the hand-off share.
    QString writers;
    for (const Node &n : c.lab.nodes) {
        const Service *slinky = n.recipe.service(QStringLiteral("openfactory-slinky-slurm"));
        if (!slinky || slinky->config.value(QStringLiteral("nfs_server")).toString() != c.node.ip())
            continue;
        const Node *controller = c.lab.node(slinky->config.value(QStringLiteral("controller_node_id")).toString());
        if (controller && n.id == controller->id)
            writers += controller->ip() + QStringLiteral("(rw,sync,no_subtree_check,no_root_squash) ");
    }
    out.packages = {QStringLiteral("nfs-kernel-server"), QStringLiteral("e2fsprogs"), QStringLiteral("util-linux"),
                    QStringLiteral("jq")};
    EnvFile env;
    env.add(QStringLiteral("OF_DISK_SERIAL"), serial)
        .add(QStringLiteral("OF_FS_LABEL"), HpcLayout::filesystemLabel())
        .add(QStringLiteral("OF_MOUNT"), HpcLayout::mountPoint())
        .add(QStringLiteral("OF_EXPORT_NETWORK"), exportNetwork)
        .add(QStringLiteral("OF_CLUSTER_WRITERS"), writers);
    out.addFile(QStringLiteral("/etc/openfactory/hpc-nfs/env"),
                env.bytes(QStringLiteral("openfactory-hpc-nfs settings")));
    out.addFile(QStringLiteral("/usr/local/lib/openfactory/common.sh"),
                Template::load(QStringLiteral("openfactory-common.sh"), &out.errors));
    out.addFile(QStringLiteral("/usr/local/lib/openfactory/hpc-disk-guard"),
                Template::load(QStringLiteral("hpc-disk-guard"), &out.errors), 0755);
    out.addFile(QStringLiteral("/usr/local/lib/openfactory/hpc-nfs.sh"),
                Template::load(QStringLiteral("hpc-nfs.sh"), &out.errors), 0755);
    UnitFile unit;
    unit.description = QStringLiteral("openfactory-hpc-nfs: data disk %1 (serial-guarded), NFS exports").arg(serial);
    unit.exec = QStringLiteral("/usr/local/lib/openfactory/hpc-nfs.sh");
    unit.after = {QStringLiteral("systemd-udev-settle.service"), QStringLiteral("local-fs.target")};
    unit.timeoutSeconds = 600;
    out.addFile(QStringLiteral("/etc/systemd/system/openfactory-hpc-nfs.service"), unit.render(&out.errors));
    // nfs-server starts from our service, once the exports exist; it is not enabled on its own.
    out.buildCommands.append(QStringLiteral("systemctl disable nfs-server.service || true"));
    out.units.append(QStringLiteral("openfactory-hpc-nfs.service"));
    return out;
}

} // namespace Labforge
