// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "RoleRegistry.h"
#include "Latin1List.h"

namespace Labforge {

const QList<RoleInfo> &RoleRegistry::all()
{
    static const QList<RoleInfo> roles = [] {
        const QStringList base = Latin1List::of({"headless", "ssh"});
        QList<RoleInfo> r;
        r.append({QStringLiteral("controller"), QStringLiteral("Kubernetes control plane and cluster services"),
                  0x1e88e5, QStringLiteral("C"), QStringLiteral("controller"),
                  base + Latin1List::of({"kubeadm-lab", "slinky-slurm", "helm"}), 2, 4});
        r.append({QStringLiteral("compute"), QStringLiteral("Runs jobs"), 0x43a047, QStringLiteral("N"),
                  QStringLiteral("compute"), base + Latin1List::of({"kubeadm-lab", "slinky-slurm"}), 1, 4, true});
        r.append({QStringLiteral("login"), QStringLiteral("Where users log in and submit work"), 0x8e24aa,
                  QStringLiteral("L"), QStringLiteral("login"),
                  base + Latin1List::of({"kubeadm-lab", "slinky-slurm", "helm", "terraform"}), 1, 4});
        r.append({QStringLiteral("storage"), QStringLiteral("Serves shared storage, outside Kubernetes"), 0xf57c00,
                  QStringLiteral("S"), QStringLiteral("storage"), base + Latin1List::of({"hpc-nfs"}), 1, 4});
        r.append({QStringLiteral("observability"), QStringLiteral("Metrics, dashboards and alerts"), 0x00897b,
                  QStringLiteral("O"), QStringLiteral("observability"),
                  base + Latin1List::of({"kubeadm-lab", "slinky-slurm"}), 1, 4});
        r.append({QStringLiteral("generic"), QStringLiteral("A general Linux machine"), 0x546e7a, QStringLiteral("G"),
                  QStringLiteral("node"), base, 1, 1});
        return r;
    }();
    return roles;
}

const RoleInfo *RoleRegistry::role(const QString &name)
{
    for (const RoleInfo &r : all()) {
        if (r.name == name)
            return &r;
    }
    return nullptr;
}

} // namespace Labforge
