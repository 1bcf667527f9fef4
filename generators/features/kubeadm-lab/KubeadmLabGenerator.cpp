#include "KubeadmLabGenerator.h"

#include "EnvFile.h"
#include "ImagePins.h"
#include "Template.h"
#include "UnitFile.h"

namespace Labforge {

namespace {
// Bounds of the first-boot gates (seconds). TCG guests are slow: generous, never unbounded.
constexpr int JoinTimeout = 2400;
constexpr int ReadyTimeout = 2400;
} // namespace

FeatureOutput KubeadmLabGenerator::generate(const GeneratorContext &c) const
{
    FeatureOutput out;
    if (!c.lab.kubernetes) {
        out.errors.append(QStringLiteral("feature kubeadm-lab needs plan.kubernetes"));
        return out;
    }
    const KubernetesIntent &k = *c.lab.kubernetes;
    if (!k.members().contains(c.node.id)) {
        out.errors.append(QStringLiteral("node is not listed in plan.kubernetes"));
        return out;
    }
    const Node *controller = c.lab.node(k.controller);
    if (!controller) {
        out.errors.append(QStringLiteral("plan.kubernetes controller \"%1\" is not a node").arg(k.controller));
        return out;
    }
    const bool isController = c.node.id == k.controller;
    const QString role = isController ? QStringLiteral("controller") : QStringLiteral("worker");
    const QString apiHost = controller->ip();
    const Network *net = c.lab.network(c.node.interfaces.value(0).network);

    out.packages = {
        QStringLiteral("containerd"), QStringLiteral("runc"),     QStringLiteral("containernetworking-plugins"),
        QStringLiteral("conntrack"),  QStringLiteral("socat"),    QStringLiteral("ethtool"),
        QStringLiteral("iptables"),   QStringLiteral("coreutils")};

    auto binary = [&](const QString &name) {
        PinnedArtifact a = c.pins.artifact(QStringLiteral("kubernetes"), name, &out.errors);
        a.destination = QStringLiteral("/usr/local/bin/") + name;
        a.mode = 0755;
        out.artifacts.append(a);
    };
    binary(QStringLiteral("kubeadm"));
    binary(QStringLiteral("kubelet"));
    binary(QStringLiteral("kubectl"));
    PinnedArtifact crictl = c.pins.artifact(QStringLiteral("cri-tools"), QStringLiteral("crictl"), &out.errors);
    crictl.unpack = PinnedArtifact::Unpack::TarGz;
    crictl.member = QStringLiteral("crictl");
    crictl.destination = QStringLiteral("/usr/local/bin/crictl");
    crictl.mode = 0755;
    out.artifacts.append(crictl);
    if (isController) {
        PinnedArtifact flannel =
            c.pins.artifact(QStringLiteral("flannel"), QStringLiteral("kube-flannel.yml"), &out.errors);
        flannel.destination = QStringLiteral("/usr/local/share/openfactory/kubeadm-lab/kube-flannel.yml");
        out.artifacts.append(flannel);
    }

    // Every member runs kubeadm's control-plane/proxy images and Flannel's DaemonSet: each
    // pulls them by the lock's digest (kubeadm's by tag after a pull by digest).
    ImagePins::add(out, QStringLiteral("kubeadm-lab"),
                   c.pins.images(QStringLiteral("kubernetes")) + c.pins.images(QStringLiteral("flannel")));

    out.addFile(QStringLiteral("/etc/modules-load.d/openfactory-kubeadm-lab.conf"), "overlay\nbr_netfilter\n");
    out.addFile(
        QStringLiteral("/etc/sysctl.d/90-openfactory-kubeadm-lab.conf"),
        "net.ipv4.ip_forward = 1\nnet.bridge.bridge-nf-call-iptables = 1\nnet.bridge.bridge-nf-call-ip6tables = 1\n");
    out.addFile(QStringLiteral("/etc/containerd/config.toml"),
                Template::load(QStringLiteral("containerd-config.toml"), &out.errors));
    out.addFile(QStringLiteral("/etc/systemd/system/kubelet.service"),
                Template::load(QStringLiteral("kubelet.service"), &out.errors));
    out.addFile(QStringLiteral("/etc/systemd/system/kubelet.service.d/10-kubeadm.conf"),
                Template::load(QStringLiteral("10-kubeadm.conf"), &out.errors));
    out.addFile(QStringLiteral("/etc/crictl.yaml"), "runtime-endpoint: unix:///run/containerd/containerd.sock\n");
    // kubelet and Flannel look for CNI plugins in /opt/cni/bin; Debian installs them in /usr/lib/cni.
    out.buildCommands.append(
        QStringLiteral("mkdir -p /opt/cni/bin && for p in /usr/lib/cni/*; do ln -sf \"$p\" /opt/cni/bin/; done"));

    QStringList users;
    for (const User &u : c.node.recipe.users) {
        if (u.sudo)
            users.append(u.name);
    }
    EnvFile env;
    env.add(QStringLiteral("OF_ROLE"), role)
        .add(QStringLiteral("OF_NODE_NAME"), c.node.id)
        .add(QStringLiteral("OF_API_HOST"), apiHost)
        .add(QStringLiteral("OF_API_PORT"), 6443)
        .add(QStringLiteral("OF_KUBERNETES_VERSION"), c.pins.version(QStringLiteral("kubernetes")))
        .add(QStringLiteral("OF_FLANNEL_VERSION"), c.pins.version(QStringLiteral("flannel")))
        .add(QStringLiteral("OF_POD_CIDR"), k.podCidr)
        .add(QStringLiteral("OF_SERVICE_CIDR"), k.serviceCidr)
        .add(QStringLiteral("OF_LAB_CIDR"), net ? net->cidr : QString())
        .add(QStringLiteral("OF_MEMBERS"), k.members().join(QLatin1Char(' ')))
        .add(QStringLiteral("OF_MEMBER_COUNT"), int(k.members().size()))
        .add(QStringLiteral("OF_READY_TIMEOUT"), ReadyTimeout)
        .add(QStringLiteral("OF_JOIN_TIMEOUT"), JoinTimeout)
        .add(QStringLiteral("OF_KUBECONFIG_USERS"), users.join(QLatin1Char(' ')));
    out.addFile(QStringLiteral("/etc/openfactory/kubeadm-lab/env"),
                env.bytes(QStringLiteral("openfactory-kubeadm-lab settings from plan.kubernetes (no secrets)")));

    const QHash<QString, QString> values {
        {QStringLiteral("TOKEN_TTL"), QString::number(k.bootstrapTokenTtlSeconds)},
        {QStringLiteral("NODE_IP"), c.node.ip()},
        {QStringLiteral("NODE_NAME"), c.node.id},
        {QStringLiteral("CLUSTER_NAME"), c.lab.name},
        {QStringLiteral("KUBERNETES_VERSION"), c.pins.version(QStringLiteral("kubernetes"))},
        {QStringLiteral("POD_CIDR"), k.podCidr},
        {QStringLiteral("SERVICE_CIDR"), k.serviceCidr},
        {QStringLiteral("API_HOST"), apiHost}};
    const QString configName = QStringLiteral("kubeadm-%1.yaml").arg(role);
    out.addFile(QStringLiteral("/etc/openfactory/kubeadm-lab/") + configName,
                Template::render(configName, values, &out.errors), 0600);
    out.addFile(QStringLiteral("/etc/openfactory/kubeadm-lab/plan.json"),
                QStringLiteral("{\"controller\": \"%1\", \"members\": [\"%2\"], \"pod_cidr\": \"%3\", "
                               "\"service_cidr\": \"%4\", \"version\": \"%5\"}\n")
                    .arg(k.controller, k.members().join(QStringLiteral("\", \"")), k.podCidr, k.serviceCidr, k.version)
                    .toUtf8());
    out.addFile(QStringLiteral("/usr/local/lib/openfactory/common.sh"),
                Template::load(QStringLiteral("openfactory-common.sh"), &out.errors));
    out.addFile(QStringLiteral("/usr/local/lib/openfactory/kubeadm-lab.sh"),
                Template::load(QStringLiteral("kubeadm-lab.sh"), &out.errors), 0755);
    UnitFile unit;
    unit.description = isController
        ? QStringLiteral("openfactory-kubeadm-lab: kubeadm init, Flannel, exact Ready gate, token revocation")
        : QStringLiteral("openfactory-kubeadm-lab: join the lab's Kubernetes cluster");
    unit.exec = QStringLiteral("/usr/local/lib/openfactory/kubeadm-lab.sh");
    unit.after = {QStringLiteral("containerd.service"), QStringLiteral("systemd-networkd-wait-online.service")};
    unit.wants = {QStringLiteral("containerd.service")};
    unit.timeoutSeconds = (isController ? ReadyTimeout : JoinTimeout) + 600;
    out.addFile(QStringLiteral("/etc/systemd/system/openfactory-kubeadm-lab.service"), unit.render(&out.errors));
    out.units += {QStringLiteral("containerd.service"), QStringLiteral("kubelet.service"),
                  QStringLiteral("openfactory-kubeadm-lab.service")};
    out.secretSlots.append(QStringLiteral("kubeadm-token:/etc/openfactory/secrets/kubeadm-token"));
    return out;
}

} // namespace Labforge
