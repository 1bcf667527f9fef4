#include "Catalog.h"
#include "Latin1List.h"

#include "Lab.h"

#include <QHash>

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
    return Latin1List::of({"controller", "compute", "login", "storage", "observability", "generic"});
}

QString Catalog::roleSummary(const QString &role)
{
    static const QHash<QString, QString> summaries {
        {QStringLiteral("controller"), QStringLiteral("Kubernetes control plane and cluster services")},
        {QStringLiteral("compute"), QStringLiteral("Runs jobs")},
        {QStringLiteral("login"), QStringLiteral("Where users log in and submit work")},
        {QStringLiteral("storage"), QStringLiteral("Serves shared storage, outside Kubernetes")},
        {QStringLiteral("observability"), QStringLiteral("Metrics, dashboards and alerts")},
        {QStringLiteral("generic"), QStringLiteral("A general Linux machine")},
    };
    return summaries.value(role);
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
        const QStringList everyRole; // empty: any role
        const QStringList kubernetesRoles =
            Latin1List::of({"controller", "compute", "login", "observability", "generic"});
        QList<FeatureInfo> f;
        f.append({QStringLiteral("headless"),
                  QStringLiteral("Server image: no desktop, serial console"),
                  everyRole,
                  {},
                  {},
                  {},
                  {},
                  {},
                  {}});
        f.append({QStringLiteral("ssh"),
                  QStringLiteral("OpenSSH server and the lab's login user"),
                  everyRole,
                  {},
                  {},
                  {},
                  {},
                  {},
                  {}});
        f.append({QStringLiteral("kubeadm-lab"),
                  QStringLiteral("Kubernetes member bootstrapped by kubeadm from plan.kubernetes"),
                  kubernetesRoles,
                  {},
                  Latin1List::of({"kubeadm", "kubelet", "kubectl"}),
                  {},
                  Latin1List::of({"openfactory-kubeadm-lab"}),
                  Latin1List::of({"lab-only-bootstrap", "production-controls-excluded"}),
                  Latin1List::of({"kubernetes", "cri-tools", "flannel"})});
        f.append({QStringLiteral("slinky-slurm"),
                  QStringLiteral("Slurm on Kubernetes through SchedMD Slinky"),
                  Latin1List::of({"controller", "compute", "login", "observability"}),
                  Latin1List::of({"kubeadm-lab"}),
                  {},
                  Latin1List::of({"openfactory-slinky-slurm"}),
                  {},
                  Latin1List::of({"hpc-scope-excluded", "gpu-rdma-render-only", "runtime-egress"}),
                  Latin1List::of({"slinky", "slurm", "kube-prometheus-stack"})});
        f.append({QStringLiteral("helm"),
                  QStringLiteral("Pinned Helm CLI"),
                  Latin1List::of({"controller", "login", "generic"}),
                  {},
                  Latin1List::of({"helm"}),
                  {},
                  {},
                  {},
                  Latin1List::of({"helm"})});
        f.append({QStringLiteral("terraform"),
                  QStringLiteral("Pinned Terraform CLI"),
                  Latin1List::of({"login", "generic"}),
                  {},
                  Latin1List::of({"terraform"}),
                  {},
                  {},
                  Latin1List::of({"cloud-not-included"}),
                  Latin1List::of({"terraform"})});
        f.append({QStringLiteral("hpc-nfs"),
                  QStringLiteral("NFS server on a dedicated disk found by its serial"),
                  Latin1List::of({"storage"}),
                  {},
                  {},
                  Latin1List::of({"openfactory-hpc-nfs"}),
                  {},
                  {},
                  {}});
        f.append({QStringLiteral("nginx"),
                  QStringLiteral("nginx web server with a lab page"),
                  Latin1List::of({"generic"}),
                  {},
                  {},
                  {},
                  {},
                  {},
                  {}});
        f.append({QStringLiteral("haproxy"),
                  QStringLiteral("HAProxy load balancer in front of the lab's web servers"),
                  Latin1List::of({"generic"}),
                  {},
                  {},
                  {},
                  {},
                  {},
                  {}});
        f.append({QStringLiteral("postgresql"),
                  QStringLiteral("PostgreSQL server for the lab network"),
                  Latin1List::of({"generic"}),
                  {},
                  {},
                  {},
                  {},
                  {},
                  {}});
        f.append({QStringLiteral("munge"),
                  QStringLiteral("MUNGE authentication with the build group's key (from the seed disk)"),
                  Latin1List::of({"controller", "compute", "login"}),
                  {},
                  Latin1List::of({"munge"}),
                  {},
                  {},
                  {},
                  Latin1List::of({"munge"})});
        f.append({QStringLiteral("slurm-native"),
                  QStringLiteral("Slurm from Debian's packages: configless slurmctld and slurmrestd, slurmd, sackd"),
                  Latin1List::of({"controller", "compute", "login"}),
                  Latin1List::of({"munge"}),
                  Latin1List::of({"slurmctld", "slurmd", "slurmrestd", "sackd", "slurm-client"}),
                  Latin1List::of({"openfactory-slurm-native"}),
                  {},
                  Latin1List::of({"native-slurm-scope", "production-controls-excluded"}),
                  Latin1List::of({"slurm-debian"})});
        f.append({QStringLiteral("prometheus"),
                  QStringLiteral("Prometheus and Alertmanager scraping every node exporter of the lab"),
                  Latin1List::of({"observability"}),
                  {},
                  Latin1List::of({"prometheus", "prometheus-alertmanager"}),
                  {},
                  {},
                  {},
                  Latin1List::of({"prometheus", "prometheus-alertmanager"})});
        f.append({QStringLiteral("node-exporter"),
                  QStringLiteral("Prometheus node exporter with the systemd collector"),
                  everyRole,
                  {},
                  Latin1List::of({"prometheus-node-exporter"}),
                  {},
                  {},
                  {},
                  Latin1List::of({"prometheus-node-exporter"})});
        return f;
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
    QStringList base = Latin1List::of({"headless", "ssh"});
    if (role == QLatin1String("controller"))
        return base + Latin1List::of({"kubeadm-lab", "slinky-slurm", "helm"});
    if (role == QLatin1String("compute") || role == QLatin1String("observability"))
        return base + Latin1List::of({"kubeadm-lab", "slinky-slurm"});
    if (role == QLatin1String("login"))
        return base + Latin1List::of({"kubeadm-lab", "slinky-slurm", "helm", "terraform"});
    if (role == QLatin1String("storage"))
        return base + Latin1List::of({"hpc-nfs"});
    return base;
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
        return QStringLiteral("Slurm runs natively from Debian's packages on the VMs: no Kubernetes, no SlurmDBD/"
                              "accounting, no fair-share or QoS, and a CPU-only partition without GPU/GRES or RDMA.");
    if (id == QLatin1String("runtime-egress"))
        return QStringLiteral("Runtime egress is required for pinned OCI images; chart archives are baked and "
                              "checksum-verified at image build time.");
    return {};
}

} // namespace Labforge
