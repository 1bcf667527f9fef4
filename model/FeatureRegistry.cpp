#include "FeatureRegistry.h"
#include "Latin1List.h"

#include "features/HpcNfsFeature.h"
#include "features/SlinkySlurmFeature.h"
#include "features/SlurmNativeFeature.h"

namespace Labforge {

namespace {

// A feature without services of its own: its catalog entry is all the model knows.
std::unique_ptr<FeatureDefinition> plain(const char *name, const char *summary, const QStringList &roles,
                                         const QStringList &packages = {}, const QStringList &warnings = {},
                                         const QStringList &components = {})
{
    FeatureInfo info;
    info.name = QString::fromLatin1(name);
    info.summary = QString::fromUtf8(summary);
    info.allowedRoles = roles;
    info.ownedPackages = packages;
    info.requiredWarnings = warnings;
    info.pinnedComponents = components;
    return std::make_unique<FeatureDefinition>(info);
}

} // namespace

FeatureRegistry::FeatureRegistry()
{
    const QStringList everyRole; // empty: any role
    const QStringList generic = Latin1List::of({"generic"});
    m_features.push_back(plain("headless", "Server image: no desktop, serial console", everyRole));
    m_features.push_back(plain("ssh", "OpenSSH server and the lab's login user", everyRole));
    {
        FeatureInfo kubeadm;
        kubeadm.name = QStringLiteral("kubeadm-lab");
        kubeadm.summary = QStringLiteral("Kubernetes member bootstrapped by kubeadm from plan.kubernetes");
        kubeadm.allowedRoles = Latin1List::of({"controller", "compute", "login", "observability", "generic"});
        kubeadm.ownedPackages = Latin1List::of({"kubeadm", "kubelet", "kubectl"});
        kubeadm.injectedServices = Latin1List::of({"openfactory-kubeadm-lab"});
        kubeadm.requiredWarnings = Latin1List::of({"lab-only-bootstrap", "production-controls-excluded"});
        kubeadm.pinnedComponents = Latin1List::of({"kubernetes", "cri-tools", "flannel"});
        m_features.push_back(std::make_unique<FeatureDefinition>(kubeadm));
    }
    m_features.push_back(std::make_unique<SlinkySlurmFeature>());
    m_features.push_back(plain("helm", "Pinned Helm CLI", Latin1List::of({"controller", "login", "generic"}),
                               Latin1List::of({"helm"}), {}, Latin1List::of({"helm"})));
    m_features.push_back(plain("terraform", "Pinned Terraform CLI", Latin1List::of({"login", "generic"}),
                               Latin1List::of({"terraform"}), Latin1List::of({"cloud-not-included"}),
                               Latin1List::of({"terraform"})));
    m_features.push_back(std::make_unique<HpcNfsFeature>());
    m_features.push_back(plain("nginx", "nginx web server with a lab page", generic));
    m_features.push_back(plain("haproxy", "HAProxy load balancer in front of the lab's web servers", generic));
    m_features.push_back(plain("postgresql", "PostgreSQL server for the lab network", generic));
    m_features.push_back(plain("munge", "MUNGE authentication with the build group's key (from the seed disk)",
                               Latin1List::of({"controller", "compute", "login"}), Latin1List::of({"munge"}), {},
                               Latin1List::of({"munge"})));
    m_features.push_back(std::make_unique<SlurmNativeFeature>());
    m_features.push_back(plain("prometheus", "Prometheus and Alertmanager scraping every node exporter of the lab",
                               Latin1List::of({"observability"}),
                               Latin1List::of({"prometheus", "prometheus-alertmanager"}), {},
                               Latin1List::of({"prometheus", "prometheus-alertmanager"})));
    m_features.push_back(plain("node-exporter", "Prometheus node exporter (its default collectors)", everyRole,
                               Latin1List::of({"prometheus-node-exporter"}), {},
                               Latin1List::of({"prometheus-node-exporter"})));
}

const FeatureRegistry &FeatureRegistry::instance()
{
    static const FeatureRegistry registry;
    return registry;
}

const FeatureDefinition *FeatureRegistry::feature(const QString &name) const
{
    for (const auto &f : m_features) {
        if (f->name() == name)
            return f.get();
    }
    return nullptr;
}

const FeatureDefinition *FeatureRegistry::owningService(const QString &service) const
{
    for (const auto &f : m_features) {
        if (f->info().requiredServices.contains(service))
            return f.get();
    }
    return nullptr;
}

} // namespace Labforge
