// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "Catalog.h"
#include "Latin1List.h"

#include "FeatureRegistry.h"
#include "Lab.h"
#include "RoleRegistry.h"

namespace Labforge {

namespace {

QString countWord(qsizetype n)
{
    static const char *words[] = {"zero",  "one",   "two",  "three", "four",   "five",  "six",
                                  "seven", "eight", "nine", "ten",   "eleven", "twelve"};
    return n >= 0 && n <= 12 ? QString::fromLatin1(words[n]) : QString::number(n);
}

} // namespace

QStringList Catalog::roles()
{
    QStringList names;
    for (const RoleInfo &r : RoleRegistry::all())
        names.append(r.name);
    return names;
}

QString Catalog::roleSummary(const QString &role)
{
    const RoleInfo *r = RoleRegistry::role(role);
    return r ? r->summary : QString();
}

QStringList Catalog::nodeKinds()
{
    return Latin1List::of({"linux-build"});
}

QStringList Catalog::baseImages()
{
    return Latin1List::of({"debian-trixie", "debian-bookworm"});
}

QString Catalog::debianSuite(const QString &baseImage)
{
    if (!baseImages().contains(baseImage))
        return {};
    return baseImage.mid(QStringLiteral("debian-").size());
}

QStringList Catalog::diskBuses()
{
    return Latin1List::of({"virtio", "scsi", "sata"});
}

const QList<FeatureInfo> &Catalog::features()
{
    static const QList<FeatureInfo> all = [] {
        QList<FeatureInfo> infos;
        for (const auto &f : FeatureRegistry::instance().all())
            infos.append(f->info());
        return infos;
    }();
    return all;
}

const FeatureInfo *Catalog::feature(const QString &name)
{
    for (const FeatureInfo &f : features()) {
        if (f.name == name)
            return &f;
    }
    return nullptr;
}

QStringList Catalog::featuresForRole(const QString &role)
{
    QStringList out;
    for (const FeatureInfo &f : features()) {
        if (f.allowsRole(role))
            out.append(f.name);
    }
    return out;
}

QStringList Catalog::defaultFeatures(const QString &role)
{
    const RoleInfo *r = RoleRegistry::role(role);
    return r ? r->defaultFeatures : Latin1List::of({"headless", "ssh"});
}

QString Catalog::featureOwningPackage(const QString &package)
{
    for (const FeatureInfo &f : features()) {
        if (f.ownedPackages.contains(package))
            return f.name;
    }
    return {};
}

QStringList Catalog::requiredWarningIds()
{
    return Latin1List::of({"lab-only-bootstrap", "production-controls-excluded", "hpc-scope-excluded",
                           "gpu-rdma-render-only", "cloud-not-included", "runtime-egress", "native-slurm-scope"});
}

QString Catalog::requiredWarningText(const QString &id, const Lab &lab)
{
    if (id == QLatin1String("lab-only-bootstrap"))
        return QStringLiteral("Lab-only bootstrap uses unsafe CA discovery on a private network and is not a secure "
                              "production runtime bundle.");
    if (id == QLatin1String("production-controls-excluded"))
        return QStringLiteral("Production identity, multi-user UID/GID management, TLS, secrets rotation, network "
                              "policy, backup/restore, and hardened RBAC are not included.");
    if (id == QLatin1String("hpc-scope-excluded"))
        return QStringLiteral(
            "SlurmDBD/accounting, fair-share/QoS/account hierarchies, HTCondor, and Ray are not included.");
    if (id == QLatin1String("gpu-rdma-render-only"))
        return QStringLiteral(
            "GPU/GRES and RDMA/InfiniBand are render-tested extension hooks only; this acceptance run "
            "is CPU-only and does not validate hardware drivers or devices.");
    if (id == QLatin1String("cloud-not-included"))
        return QStringLiteral("Cloud image publishing and an on-prem-to-cloud migration workflow are not included in "
                              "this %1-VM libvirt lab.")
            .arg(countWord(lab.nodes.size()));
    if (id == QLatin1String("native-slurm-scope"))
        return QStringLiteral("Slurm runs natively from Debian's packages on the VMs: no Kubernetes, no fair-share or "
                              "QoS, and a CPU-only partition without GPU/GRES or RDMA. Its directory (OpenLDAP without "
                              "TLS, SSH-key logins) is for trying shared users, not a production identity service.");
    if (id == QLatin1String("runtime-egress"))
        return QStringLiteral("Runtime egress is required for pinned OCI images; chart archives are baked and "
                              "checksum-verified at image build time.");
    return {};
}

} // namespace Labforge
