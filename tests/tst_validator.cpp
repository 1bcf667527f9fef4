// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "Catalog.h"
#include "ClusterMembers.h"
#include "FeatureModules.h"
#include "LabReader.h"
#include "LinkEdits.h"
#include "NodeJoin.h"
#include "NodeReferences.h"
#include "PinsLock.h"
#include "ProblemFix.h"
#include "ProblemSink.h"
#include "StepVariables.h"
#include "Templates.h"
#include "TestLabs.h"
#include "Validator.h"

#include <QJsonArray>
#include <QSet>
#include <QTest>
#include <functional>

using namespace Labforge;

using Mutation = std::function<void(Lab &)>;
Q_DECLARE_METATYPE(Mutation)

namespace {

Problems validate(const Lab &lab)
{
    return Validator::validate(lab, PinsLock::builtIn().validationContext());
}

Node &node(Lab &lab, const char *id)
{
    Node *n = lab.node(QString::fromLatin1(id));
    if (!n)
        qFatal("fixture has no node %s", id);
    return *n;
}

Service &slinky(Lab &lab, const char *id)
{
    for (Service &s : node(lab, id).recipe.services) {
        if (s.name == QLatin1String("openfactory-slinky-slurm"))
            return s;
    }
    qFatal("node %s has no slinky service", id);
}

void forEachService(Lab &lab, const char *name, const std::function<void(QJsonObject &)> &fn)
{
    for (Node &n : lab.nodes) {
        for (Service &s : n.recipe.services) {
            if (s.name == QLatin1String(name))
                fn(s.config);
        }
    }
}

void forEachSlinky(Lab &lab, const std::function<void(QJsonObject &)> &fn)
{
    forEachService(lab, "openfactory-slinky-slurm", fn);
}

void forEachNativeSlurm(Lab &lab, const std::function<void(QJsonObject &)> &fn)
{
    forEachService(lab, "openfactory-slurm-native", fn);
}

Lab fromReplacedBytes(const QString &name, const QByteArray &from, const QByteArray &to)
{
    QByteArray bytes = Templates::bytes(name);
    bytes.replace(from, to);
    const auto result = LabReader::read(bytes);
    if (!result.ok())
        qFatal("mutated fixture does not load: %s", qPrintable(result.errors.value(0).toString()));
    return *result.lab;
}

ScenarioStep &step(Lab &lab, int scenario, int index)
{
    return lab.scenarios[scenario].steps[index];
}

QString rules(const Problems &problems)
{
    QStringList out;
    for (const Problem &p : problems)
        out.append(QStringLiteral("%1 %2 %3: %4").arg(Problem::severityName(p.severity), p.rule, p.pointer, p.message));
    return out.join(QLatin1Char('\n'));
}

} // namespace

class TestValidator : public QObject
{
    Q_OBJECT

public:
    // The composition root: the recipe features, as app/main.cpp installs them.
    static void initMain() { Labforge::FeatureModules::install(); }

private:
    QSet<QString> m_coveredRules;

private Q_SLOTS:
    void builtInLabsAreClean_data()
    {
        QTest::addColumn<QString>("name");
        for (const QString &name : Templates::names())
            QTest::newRow(qPrintable(name)) << name;
    }
    void builtInLabsAreClean()
    {
        QFETCH(QString, name);
        const Problems problems = validate(TestLabs::builtIn(name));
        QVERIFY2(problems.isEmpty(), qPrintable(rules(problems)));
    }

    // One row per rule: a clean built-in lab broken in exactly one way. The set of
    // rules reported must be exactly the expected rule (plus any listed consequences).
    void eachRuleFires_data()
    {
        QTest::addColumn<QString>("base");
        QTest::addColumn<Mutation>("mutate");
        QTest::addColumn<QString>("rule");
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QStringList>("alsoAllowed");
        const QString hpc = QStringLiteral("slurm-hpc");
        const QString web = QStringLiteral("web-lab");
        auto row = [&](const char *name, const QString &base, const char *rule, const char *pointer, Mutation m,
                       QStringList also = {}) {
            QTest::newRow(name) << base << m << QString::fromLatin1(rule) << QString::fromLatin1(pointer) << also;
            m_coveredRules.insert(QString::fromLatin1(rule));
        };
        auto extraNetwork = [](const char *name, const char *cidr, const char *gw = "", bool def = false) {
            return Network {QString::fromLatin1(name), QString::fromLatin1(cidr), QString::fromLatin1(gw), {}, def};
        };

        row("lab name empty", web, "lab.name-invalid", "/name", [](Lab &l) { l.name.clear(); });
        row("lab name is a path", web, "lab.name-invalid", "/name",
            [](Lab &l) { l.name = QStringLiteral("../../../../tmp/x"); });
        row("lab name too long for socket paths", web, "lab.name-invalid", "/name",
            [](Lab &l) { l.name = QString(33, QLatin1Char('a')); });
        row("lab name with a newline", web, "lab.name-invalid", "/name",
            [](Lab &l) { l.name = QStringLiteral("web\nlab"); }, {QStringLiteral("lab.control-character")});
        row("control character in a package", web, "lab.control-character", "/nodes/0/recipe/packages/0",
            [](Lab &l) { l.nodes[0].recipe.packages.prepend(QStringLiteral("vim\tnano")); },
            {QStringLiteral("package.invalid")});
        row("network name is a path", web, "network.name-invalid", "/networks/0/name",
            [](Lab &l) { l.networks[0].name = QStringLiteral("../../../../../../../../tmp/pwned/10-uplink"); },
            {QStringLiteral("node.network-unknown")});
        row("network without name", web, "network.name-invalid", "/networks/1/name",
            [=](Lab &l) { l.networks.append(extraNetwork("", "10.50.0.0/24")); });
        row("network name twice", web, "network.name-duplicate", "/networks/1/name",
            [=](Lab &l) { l.networks.append(extraNetwork("web-net", "10.50.0.0/24")); });
        row("cidr with host bits", web, "network.cidr-invalid", "/networks/1/cidr",
            [=](Lab &l) { l.networks.append(extraNetwork("extra", "10.50.0.1/24")); });
        row("gateway outside", hpc, "network.gateway-invalid", "/networks/0/gateway",
            [](Lab &l) { l.networks[0].gateway = QStringLiteral("10.104.0.1"); });
        row("dns not an address", hpc, "network.dns-invalid", "/networks/0/dns_servers/1",
            [](Lab &l) { l.networks[0].dnsServers[1] = QStringLiteral("8.8.8"); });
        row("two default routes", hpc, "network.default-route-multiple", "/networks",
            [=](Lab &l) { l.networks.append(extraNetwork("extra", "10.50.0.0/24", "10.50.0.1", true)); });
        row("networks overlap", hpc, "cidr.overlap", "/networks/1/cidr",
            [=](Lab &l) { l.networks.append(extraNetwork("extra", "10.103.0.128/25")); });
        row("networks overlap: the first is told too", hpc, "cidr.overlap", "/networks/0/cidr",
            [=](Lab &l) { l.networks.append(extraNetwork("extra", "10.103.0.128/25")); });
        row("pod subnet overlaps VM network", hpc, "cidr.overlap", "/plan/kubernetes/pod_cidr", [](Lab &l) {
            l.kubernetes->podCidr = QStringLiteral("10.96.0.0/11");
            l.networks[0].cidr = QStringLiteral("10.103.0.0/24");
        });
        row("service subnet overlaps pod subnet", hpc, "cidr.overlap", "/plan/kubernetes/service_cidr",
            [](Lab &l) { l.kubernetes->serviceCidr = QStringLiteral("10.244.128.0/17"); });
        row("service subnet overlaps VM network", hpc, "cidr.overlap", "/plan/kubernetes/service_cidr",
            [](Lab &l) { l.kubernetes->serviceCidr = QStringLiteral("10.103.0.0/16"); });
        row("node id not a host name", web, "node.id-invalid", "/nodes/3/node_id", [](Lab &l) {
            l.nodes.append(TestLabs::genericNode(QStringLiteral("Bad_Name"), QStringLiteral("web-net"),
                                                 QStringLiteral("192.168.60.40"), {900, 100}));
        });
        row("node id twice", web, "node.id-duplicate", "/nodes/3/node_id", [](Lab &l) {
            l.nodes.append(TestLabs::genericNode(QStringLiteral("web"), QStringLiteral("web-net"),
                                                 QStringLiteral("192.168.60.40"), {900, 100}));
        });
        row("unknown kind", web, "node.kind-unknown", "/nodes/0/kind",
            [](Lab &l) { l.nodes[0].kind = QStringLiteral("container"); });
        row("unknown role", web, "node.role-unknown", "/nodes/3/role", [](Lab &l) {
            Node n = TestLabs::genericNode(QStringLiteral("extra"), QStringLiteral("web-net"),
                                           QStringLiteral("192.168.60.40"), {900, 100});
            n.role = QStringLiteral("router");
            l.nodes.append(n);
        });
        row("no interface", web, "node.interface-missing", "/nodes/3/interfaces", [](Lab &l) {
            Node n = TestLabs::genericNode(QStringLiteral("extra"), QStringLiteral("web-net"),
                                           QStringLiteral("192.168.60.40"), {900, 100});
            n.interfaces.clear();
            l.nodes.append(n);
        });
        row("unknown network", web, "node.network-unknown", "/nodes/1/interfaces/0/network",
            [](Lab &l) { l.nodes[1].interfaces[0].network = QStringLiteral("nope"); });
        row("ip not an address", web, "node.ip-invalid", "/nodes/1/interfaces/0/ip",
            [](Lab &l) { l.nodes[1].interfaces[0].ip = QStringLiteral("192.168.60.300"); });
        row("ip outside network", web, "node.ip-outside-network", "/nodes/1/interfaces/0/ip",
            [](Lab &l) { l.nodes[1].interfaces[0].ip = QStringLiteral("192.168.61.20"); });
        row("ip is the gateway", web, "node.ip-reserved", "/nodes/1/interfaces/0/ip",
            [](Lab &l) { l.nodes[1].interfaces[0].ip = QStringLiteral("192.168.60.1"); });
        row("ip is the network address", web, "node.ip-reserved", "/nodes/1/interfaces/0/ip",
            [](Lab &l) { l.nodes[1].interfaces[0].ip = QStringLiteral("192.168.60.0"); });
        row("ip is the broadcast address", web, "node.ip-reserved", "/nodes/1/interfaces/0/ip",
            [](Lab &l) { l.nodes[1].interfaces[0].ip = QStringLiteral("192.168.60.255"); });
        // The measurements' iperf3 step still names compute-2's old address: said too.
        row("ip used twice", hpc, "node.ip-duplicate", "/nodes/2/interfaces/0/ip",
            [](Lab &l) { node(l, "compute-2").interfaces[0].ip = QStringLiteral("10.103.0.21"); },
            {QStringLiteral("scenario.stale-address")});
        row("boxes overlap", hpc, "node.position-overlap", "/nodes/2/position",
            [](Lab &l) { node(l, "compute-2").position = node(l, "compute-1").position + QPointF(40, 20); });
        row("disk id twice", hpc, "disk.id-invalid", "/nodes/4/disks/1/id", [](Lab &l) {
            Disk d = node(l, "storage").disks[0];
            d.serial = QStringLiteral("OTHER_SERIAL");
            node(l, "storage").disks.append(d);
        });
        row("disk kind", hpc, "disk.kind-unknown", "/nodes/4/disks/0/kind",
            [](Lab &l) { node(l, "storage").disks[0].kind = QStringLiteral("cdrom"); });
        row("disk size zero", hpc, "disk.size-invalid", "/nodes/4/disks/0/size_gb",
            [](Lab &l) { node(l, "storage").disks[0].sizeGb = 0; });
        row("disk bus", hpc, "disk.bus-unknown", "/nodes/4/disks/0/bus",
            [](Lab &l) { node(l, "storage").disks[0].bus = QStringLiteral("ide"); });
        row("serial empty", hpc, "disk.serial-empty", "/nodes/4/disks/1/serial", [](Lab &l) {
            node(l, "storage")
                .disks.append(
                    Disk {QStringLiteral("scratch"), QStringLiteral("disk"), 5, QStringLiteral("virtio"), QString()});
        });
        row("serial over 20 characters", hpc, "disk.serial-too-long", "/nodes/4/disks/1/serial", [](Lab &l) {
            node(l, "storage")
                .disks.append(Disk {QStringLiteral("scratch"), QStringLiteral("disk"), 5, QStringLiteral("virtio"),
                                    QStringLiteral("OPENFACTORY_HPC_DATA_2")});
        });
        row("serial with a space", hpc, "disk.serial-invalid", "/nodes/4/disks/1/serial", [](Lab &l) {
            node(l, "storage")
                .disks.append(Disk {QStringLiteral("scratch"), QStringLiteral("disk"), 5, QStringLiteral("virtio"),
                                    QStringLiteral("BAD SERIAL")});
        });
        row("serial not ASCII", hpc, "disk.serial-invalid", "/nodes/4/disks/1/serial", [](Lab &l) {
            node(l, "storage")
                .disks.append(Disk {QStringLiteral("scratch"), QStringLiteral("disk"), 5, QStringLiteral("virtio"),
                                    QStringLiteral("DATA\u00e9")});
        });
        row("disk id is a path", hpc, "disk.id-invalid", "/nodes/4/disks/0/id",
            [](Lab &l) { node(l, "storage").disks[0].id = QStringLiteral("../../etc/x"); });
        row("seed serial", hpc, "disk.serial-reserved", "/nodes/4/disks/0/serial",
            [](Lab &l) { node(l, "storage").disks[0].serial = QStringLiteral("LABFORGE_SEED"); },
            {QStringLiteral("service.disk-serial")});
        row("serial on two nodes", hpc, "disk.serial-duplicate", "/nodes/5/disks/0/serial",
            [](Lab &l) { node(l, "observability").disks.append(node(l, "storage").disks[0]); });
        row("base image", web, "recipe.base-image-unknown", "/nodes/0/recipe/base_image",
            [](Lab &l) { l.nodes[0].recipe.baseImage = QStringLiteral("ubuntu-noble"); });
        row("zero cpus", web, "recipe.hardware-invalid", "/nodes/0/recipe/hardware/min_cpu",
            [](Lab &l) { l.nodes[0].recipe.minCpu = 0; });
        row("unknown feature", web, "feature.unknown", "/nodes/0/recipe/features/3",
            [](Lab &l) { l.nodes[0].recipe.features.append(QStringLiteral("gpu-driver")); });
        row("feature twice", web, "feature.duplicate", "/nodes/0/recipe/features/3",
            [](Lab &l) { l.nodes[0].recipe.features.append(QStringLiteral("ssh")); });
        row("helm on storage", hpc, "feature.role-forbidden", "/nodes/4/recipe/features/3",
            [](Lab &l) { node(l, "storage").recipe.features.append(QStringLiteral("helm")); });
        row("slinky without kubeadm", hpc, "feature.requires", "/nodes/1/recipe/features/2",
            [](Lab &l) { node(l, "compute-1").recipe.features.removeAll(QStringLiteral("kubeadm-lab")); },
            {QStringLiteral("kubernetes.member-without-feature")});
        for (const char *pkg : {"helm", "terraform", "kubeadm", "kubectl", "kubelet"}) {
            row(qPrintable(QStringLiteral("extra package %1").arg(QLatin1String(pkg))), hpc, "package.owned-by-feature",
                "/nodes/1/recipe/packages/2",
                [pkg](Lab &l) { node(l, "compute-1").recipe.packages.append(QString::fromLatin1(pkg)); });
        }
        row("package name", web, "package.invalid", "/nodes/0/recipe/packages/1",
            [](Lab &l) { l.nodes[0].recipe.packages.append(QStringLiteral("Not A Package")); });
        row("user root", web, "user.name-invalid", "/nodes/0/recipe/users/1/name", [](Lab &l) {
            l.nodes[0].recipe.users.append(User {QStringLiteral("root"), false, false});
        });
        row("no ssh user", web, "user.ssh-missing", "/nodes/0/recipe/users",
            [](Lab &l) { l.nodes[0].recipe.users[0].ssh = false; });
        row("two interfaces on one network", web, "node.interface-network-duplicate", "/nodes/1/interfaces/1/network",
            [](Lab &l) {
                l.nodes[1].interfaces.append(
                    NodeInterface {QStringLiteral("web-net"), QStringLiteral("192.168.60.99")});
            });
        row("kubeadm without plan", hpc, "kubernetes.intent-missing", "/nodes/0/recipe/features/2",
            [](Lab &l) { l.kubernetes.reset(); });
        row("mode", hpc, "kubernetes.mode-unknown", "/plan/kubernetes/mode",
            [](Lab &l) { l.kubernetes->mode = QStringLiteral("kops"); });
        row("cni", hpc, "kubernetes.cni-unknown", "/plan/kubernetes/cni",
            [](Lab &l) { l.kubernetes->cni = QStringLiteral("calico"); });
        row("version not pinned", hpc, "kubernetes.version", "/plan/kubernetes/version",
            [](Lab &l) { l.kubernetes->version = QStringLiteral("v1.35.0"); });
        row("version without v", hpc, "kubernetes.version", "/plan/kubernetes/version",
            [](Lab &l) { l.kubernetes->version = QStringLiteral("1.36.3"); });
        row("token lives an hour", hpc, "kubernetes.token-ttl", "/plan/kubernetes/bootstrap_token_ttl_seconds",
            [](Lab &l) { l.kubernetes->bootstrapTokenTtlSeconds = 3600; });
        // Hosts (format 3): two hosts, the second reached over SSH.
        auto twoHosts = [](Lab &l) {
            l.hosts = {LabHost {QStringLiteral("here"), QStringLiteral("qemu:///system"), QStringLiteral("10.0.0.1")},
                       LabHost {QStringLiteral("there"), QStringLiteral("qemu+ssh://root@there.example/system"),
                                QStringLiteral("10.0.0.2")}};
        };
        row("host name is a path", web, "host.name-invalid", "/hosts/1/name", [=](Lab &l) {
            twoHosts(l);
            l.hosts[1].name = QStringLiteral("../x");
        });
        row("host name twice", web, "host.name-duplicate", "/hosts/1/name", [=](Lab &l) {
            twoHosts(l);
            l.hosts[1].name = QStringLiteral("here");
        });
        row("host URI of another scheme", web, "host.uri-invalid", "/hosts/1/uri", [=](Lab &l) {
            twoHosts(l);
            l.hosts[1].uri = QStringLiteral("vbox:///session");
        });
        row("host URI with a shell character", web, "host.uri-invalid", "/hosts/1/uri", [=](Lab &l) {
            twoHosts(l);
            l.hosts[1].uri = QStringLiteral("qemu+ssh://root@x;reboot/system");
        });
        row("host URI with an ssh option as host", web, "host.uri-invalid", "/hosts/1/uri", [=](Lab &l) {
            twoHosts(l);
            l.hosts[1].uri = QStringLiteral("qemu+ssh://-oProxyCommand=x/system");
        });
        row("host URI naming a program to run", web, "host.uri-invalid", "/hosts/1/uri", [=](Lab &l) {
            twoHosts(l);
            l.hosts[1].uri = QStringLiteral("qemu+ssh://root@there.example/system?command=/tmp/evil");
        });
        row("host URI naming a netcat", web, "host.uri-invalid", "/hosts/1/uri", [=](Lab &l) {
            twoHosts(l);
            l.hosts[1].uri = QStringLiteral("qemu+ssh://root@there.example/system?no_tty=1&netcat=/tmp/nc");
        });
        row("host URI choosing the key ssh reads", web, "host.uri-local-file", "/hosts/1/uri", [=](Lab &l) {
            twoHosts(l);
            l.hosts[1].uri = QStringLiteral("qemu+ssh://root@there.example/system?keyfile=/root/.ssh/id_ed25519");
        });
        row("host URI choosing the file ssh writes", web, "host.uri-local-file", "/hosts/1/uri", [=](Lab &l) {
            twoHosts(l);
            l.hosts[1].uri =
                QStringLiteral("qemu+ssh://root@there.example/system?no_verify=1&known_hosts=/etc/sudoers.d/x");
        });
        row("host URI of the session daemon", web, "host.uri-invalid", "/hosts/0/uri", [=](Lab &l) {
            twoHosts(l);
            l.hosts[0].uri = QStringLiteral("qemu:///session");
        });
        row("host URI of the test driver reading a file", web, "host.uri-invalid", "/hosts/1/uri", [=](Lab &l) {
            twoHosts(l);
            l.hosts[1].uri = QStringLiteral("test:///etc/shadow");
        });
        row("host URI of the test driver with another parameter", web, "host.uri-invalid", "/hosts/1/uri", [=](Lab &l) {
            twoHosts(l);
            l.hosts[1].uri = QStringLiteral("test:///default?socket=/tmp/s");
        });
        row("host URI twice", web, "host.uri-duplicate", "/hosts/1/uri", [=](Lab &l) {
            twoHosts(l);
            l.hosts[1].uri = l.hosts[0].uri;
        });
        row("host without tunnel address", web, "host.tunnel-invalid", "/hosts/1", [=](Lab &l) {
            twoHosts(l);
            l.hosts[1].tunnelAddress.clear();
        });
        row("host tunnel address no IPv4", web, "host.tunnel-invalid", "/hosts/1/tunnel_address", [=](Lab &l) {
            twoHosts(l);
            l.hosts[1].tunnelAddress = QStringLiteral("10.0.0.256");
        });
        row("host tunnel endpoint twice", web, "host.tunnel-invalid", "/hosts/1/tunnel_address", [=](Lab &l) {
            twoHosts(l);
            l.hosts[1].tunnelAddress = l.hosts[0].tunnelAddress;
        });
        row("host tunnel port out of range", web, "host.tunnel-invalid", "/hosts/0/tunnel_port", [=](Lab &l) {
            twoHosts(l);
            l.hosts[0].tunnelPort = 70000;
        });
        row("host fabric unknown", web, "host.fabric-unknown", "/hosts/0/fabric", [=](Lab &l) {
            twoHosts(l);
            l.hosts[0].fabric = QStringLiteral("vde");
        });
        row("host limit negative", web, "host.limits-invalid", "/hosts/0/limits", [=](Lab &l) {
            twoHosts(l);
            l.hosts[0].maxMemoryGb = -1;
        });
        row("node placed on an unknown host", web, "node.placement-host-unknown", "/nodes/0/placement/host",
            [=](Lab &l) {
                twoHosts(l);
                l.nodes[0].placementHost = QStringLiteral("elsewhere");
            });
        row("node placed without hosts", web, "node.placement-host-unknown", "/nodes/1/placement/host",
            [](Lab &l) { l.nodes[1].placementHost = QStringLiteral("here"); });
        row("preloaded image not in the pins lock's form", web, "service.image-name",
            "/nodes/0/recipe/services/0/config/images/0", [](Lab &l) {
                l.nodes[0].recipe.features.append(QStringLiteral("containerd"));
                l.nodes[0].recipe.services.append(
                    Service {QStringLiteral("openfactory-containerd"), true,
                             QJsonObject {{QStringLiteral("images"),
                                           QJsonArray {QStringLiteral("docker.io/Library/Nginx:latest")}}}});
            });
        // Links (format 4): the reference lab's eight, each over hpc-lab.
        row("link to no node", hpc, "link.node-unknown", "/links/2/to",
            [](Lab &l) { l.links[2].to = QStringLiteral("login"); });
        row("link from no node", hpc, "link.node-unknown", "/links/5/from",
            [](Lab &l) { l.links[5].from = QStringLiteral("nas"); });
        row("node linked to itself", hpc, "link.self", "/links/0",
            [](Lab &l) { l.links[0].to = QStringLiteral("controller"); });
        row("pair linked twice", hpc, "link.duplicate", "/links/8", [](Lab &l) {
            l.links.append(
                Link {QStringLiteral("compute-1"), QStringLiteral("controller"), QStringLiteral("hpc-lab"), {}});
        });
        row("link without a network", hpc, "link.network-missing", "/links/3/network",
            [](Lab &l) { l.links[3].network.clear(); });
        row("link over no network", hpc, "link.network-unknown", "/links/4/network",
            [](Lab &l) { l.links[4].network = QStringLiteral("storage-net"); });
        row("link end off its network", hpc, "link.end-off-network", "/links/7/to", [](Lab &l) {
            l.networks.append(Network {QStringLiteral("san"), QStringLiteral("10.104.0.0/24"), {}, {}, false});
            node(l, "storage").interfaces.append(NodeInterface {QStringLiteral("san"), QStringLiteral("10.104.0.40")});
            l.links[7].network = QStringLiteral("san");
        });

        row("mirror of no registry", hpc, "kubernetes.registry-mirror", "/plan/kubernetes/registry_mirrors/0/registry",
            [](Lab &l) {
                l.kubernetes->registryMirrors = RegistryMirror::fromText(QStringLiteral("https://x=https://m:5000"));
            });
        row("mirror twice", hpc, "kubernetes.registry-mirror", "/plan/kubernetes/registry_mirrors/1/registry",
            [](Lab &l) {
                l.kubernetes->registryMirrors =
                    RegistryMirror::fromText(QStringLiteral("docker.io=https://a:5000, docker.io=https://b:5000"));
            });
        row("mirror endpoint with a quote", hpc, "kubernetes.registry-mirror",
            "/plan/kubernetes/registry_mirrors/0/endpoint",
            [](Lab &l) {
                l.kubernetes->registryMirrors = {
                    RegistryMirror {QStringLiteral("docker.io"), QStringLiteral("https://m:5000/\"]\n[x")}};
            },
            {QStringLiteral("lab.control-character")});
        row("mirror without endpoint", hpc, "kubernetes.registry-mirror",
            "/plan/kubernetes/registry_mirrors/0/endpoint",
            [](Lab &l) { l.kubernetes->registryMirrors = RegistryMirror::fromText(QStringLiteral("ghcr.io")); });
        row("member twice", hpc, "kubernetes.member-duplicate", "/plan/kubernetes/workers/4",
            [](Lab &l) { l.kubernetes->workers.append(QStringLiteral("compute-1")); });
        row("member does not exist", hpc, "kubernetes.member-unknown", "/plan/kubernetes/workers/4",
            [](Lab &l) { l.kubernetes->workers.append(QStringLiteral("compute-3")); });
        row("storage listed as member", hpc, "kubernetes.member-without-feature", "/plan/kubernetes/workers/4",
            [](Lab &l) { l.kubernetes->workers.append(QStringLiteral("storage")); });
        row("member not listed", hpc, "kubernetes.feature-not-member", "/nodes/5/recipe/features/2",
            [](Lab &l) { l.kubernetes->workers.removeAll(QStringLiteral("observability")); });
        row("pod cidr invalid", hpc, "kubernetes.cidr-invalid", "/plan/kubernetes/pod_cidr",
            [](Lab &l) { l.kubernetes->podCidr = QStringLiteral("10.244.0.0/33"); });
        row("pod cidr too small for flannel", hpc, "kubernetes.pod-cidr-small", "/plan/kubernetes/pod_cidr",
            [](Lab &l) { l.kubernetes->podCidr = QStringLiteral("10.244.0.0/23"); });
        row("unsafe discovery on a public network", hpc, "kubernetes.unsafe-discovery-public", "/nodes/0/interfaces",
            [](Lab &l) { l = fromReplacedBytes(QStringLiteral("slurm-hpc"), "10.103.0.", "11.103.0."); });
        row("service name is a path", hpc, "service.name-invalid", "/nodes/1/recipe/services/0/name",
            [](Lab &l) { node(l, "compute-1").recipe.services[0].name = QStringLiteral("../../x"); },
            {QStringLiteral("service.missing")});
        row("service twice", hpc, "service.duplicate", "/nodes/1/recipe/services/1/name",
            [](Lab &l) { node(l, "compute-1").recipe.services.append(slinky(l, "compute-1")); });
        row("hand-written kubeadm service", hpc, "service.injected", "/nodes/0/recipe/services/1/name", [](Lab &l) {
            node(l, "controller").recipe.services.append(Service {QStringLiteral("openfactory-kubeadm-lab"), true, {}});
        });
        row("nfs service without the feature", hpc, "service.feature-missing", "/nodes/1/recipe/services/1/name",
            [](Lab &l) { node(l, "compute-1").recipe.services.append(node(l, "storage").recipe.services[0]); },
            {QStringLiteral("service.disk-serial"), QStringLiteral("service.export-network")});
        row("slinky service missing", hpc, "service.missing", "/nodes/2/recipe/services",
            [](Lab &l) { node(l, "compute-2").recipe.services.clear(); });
        row("slinky service disabled", hpc, "service.disabled", "/nodes/2/recipe/services",
            [](Lab &l) { slinky(l, "compute-2").enabled = false; });
        row("slinky config lacks nfs_server", hpc, "service.config-invalid",
            "/nodes/0/recipe/services/0/config/nfs_server",
            [](Lab &l) { forEachSlinky(l, [](QJsonObject &c) { c.remove(QStringLiteral("nfs_server")); }); });
        row("slinky config wrong type", hpc, "service.config-invalid",
            "/nodes/0/recipe/services/0/config/compute_node_ids", [](Lab &l) {
                forEachSlinky(
                    l, [](QJsonObject &c) { c[QStringLiteral("compute_node_ids")] = QStringLiteral("compute-1"); });
            });
        row("slinky config differs between members", hpc, "service.config-inconsistent",
            "/nodes/2/recipe/services/0/config", [](Lab &l) {
                slinky(l, "compute-2").config[QStringLiteral("compute_node_ids")] =
                    QJsonArray {QStringLiteral("compute-2"), QStringLiteral("compute-1")};
            });
        row("slinky role not the node's", hpc, "service.role-mismatch", "/nodes/2/recipe/services/0/config/role",
            [](Lab &l) { slinky(l, "compute-2").config[QStringLiteral("role")] = QStringLiteral("login"); });
        row("slinky names a missing node", hpc, "service.node-unknown",
            "/nodes/0/recipe/services/0/config/login_node_id", [](Lab &l) {
                forEachSlinky(l,
                              [](QJsonObject &c) { c[QStringLiteral("login_node_id")] = QStringLiteral("login-9"); });
            });
        row("slinky names a node of the wrong role", hpc, "service.node-role",
            "/nodes/0/recipe/services/0/config/compute_node_ids/1", [](Lab &l) {
                forEachSlinky(l, [](QJsonObject &c) {
                    c[QStringLiteral("compute_node_ids")] =
                        QJsonArray {QStringLiteral("compute-1"), QStringLiteral("observability")};
                });
            });
        const QString native = QStringLiteral("slurm-native");
        row("native compute not in the partition", native, "service.member-unlisted",
            "/nodes/2/recipe/services/0/config", [](Lab &l) {
                forEachNativeSlurm(l, [](QJsonObject &c) {
                    c.insert(QStringLiteral("compute_node_ids"), QJsonArray {QStringLiteral("compute-1")});
                });
            });
        row("native login not listed", native, "service.member-unlisted", "/nodes/3/recipe/services/0/config",
            [](Lab &l) {
                forEachNativeSlurm(l, [](QJsonObject &c) { c.insert(QStringLiteral("login_node_ids"), QJsonArray()); });
            });
        row("native members disagree", native, "service.config-inconsistent", "/nodes/1/recipe/services/0/config",
            [](Lab &l) {
                l.node(QStringLiteral("compute-1"))
                    ->recipe.services[0]
                    .config.insert(QStringLiteral("partition"), QStringLiteral("batch"));
            });
        row("native partition name unsafe", native, "service.config-invalid",
            "/nodes/0/recipe/services/0/config/partition",
            [](Lab &l) {
                forEachNativeSlurm(
                    l, [](QJsonObject &c) { c.insert(QStringLiteral("partition"), QStringLiteral("cpu nodes=ALL")); });
            },
            {QStringLiteral("service.config-invalid")});
        row("native nfs_server is not the storage node", native, "service.nfs-server",
            "/nodes/0/recipe/services/0/config/nfs_server", [](Lab &l) {
                forEachNativeSlurm(
                    l, [](QJsonObject &c) { c.insert(QStringLiteral("nfs_server"), QStringLiteral("10.103.0.50")); });
            });
        // NFS on a second network of the storage node: the members must be on it, and in what it exports to.
        row("native nfs_server on a network the members are not on", native, "service.nfs-unreachable",
            "/nodes/0/recipe/services/0/config/nfs_server", [](Lab &l) {
                l.networks.append(Network {QStringLiteral("san"), QStringLiteral("10.104.0.0/24"), {}, {}, false});
                node(l, "storage")
                    .interfaces.append(NodeInterface {QStringLiteral("san"), QStringLiteral("10.104.0.40")});
                forEachNativeSlurm(
                    l, [](QJsonObject &c) { c.insert(QStringLiteral("nfs_server"), QStringLiteral("10.104.0.40")); });
            });
        row("native members outside the export network", native, "service.nfs-not-exported",
            "/nodes/0/recipe/services/0/config/nfs_server", [](Lab &l) {
                l.networks.append(Network {QStringLiteral("san"), QStringLiteral("10.104.0.0/24"), {}, {}, false});
                node(l, "storage")
                    .interfaces.append(NodeInterface {QStringLiteral("san"), QStringLiteral("10.104.0.40")});
                for (Service &s : node(l, "storage").recipe.services) {
                    if (s.name == QLatin1String("openfactory-hpc-nfs"))
                        s.config.insert(QStringLiteral("export_network"), QStringLiteral("10.104.0.0/24"));
                }
            });
        row("native controller names a compute", native, "service.node-role",
            "/nodes/0/recipe/services/0/config/controller_node_id",
            [](Lab &l) {
                forEachNativeSlurm(l, [](QJsonObject &c) {
                    c.insert(QStringLiteral("controller_node_id"), QStringLiteral("compute-1"));
                });
            },
            {QStringLiteral("service.member-unlisted")});
        row("power cycle expects output", native, "assertion.action-expectation",
            "/scenarios/0/steps/11/assertion/params/expect", [](Lab &l) {
                ScenarioStep &s = l.scenarios[0].steps[11];
                QVERIFY(s.assertion.type == Assertion::Type::PowerCycle);
                s.assertion.expect.equals = QStringLiteral("up");
            });
        // The resilience scenario's link steps (scenarios/1: r1 cuts compute-1 from the controller).
        row("link step to a node that is not there", native, "scenario.peer-unknown",
            "/scenarios/1/steps/0/assertion/params/peer", [](Lab &l) {
                QVERIFY(l.scenarios[1].steps[0].assertion.type == Assertion::Type::LinkDown);
                l.scenarios[1].steps[0].assertion.link.peer = QStringLiteral("nowhere");
            });
        row("link step to its own node", native, "scenario.peer-self", "/scenarios/1/steps/0/assertion/params/peer",
            [](Lab &l) { l.scenarios[1].steps[0].assertion.link.peer = QStringLiteral("compute-1"); });
        row("link step on a network the two are not on", native, "scenario.link-network",
            "/scenarios/1/steps/3/assertion/params/network",
            [](Lab &l) { l.scenarios[1].steps[3].assertion.link.network = QStringLiteral("other-net"); });
        row("step variable that does not expand", native, "scenario.variable-unknown",
            "/scenarios/0/steps/0/assertion/params", [](Lab &l) {
                l.scenarios[0].steps[0].assertion.command += QStringLiteral("\necho {{nodes:colour=blue}}");
            });
        // A selector of a role or feature nobody has or knows (a typo) would make a step that
        // cannot fail ({{nodes:…}} empty, {{count:…}} 0).
        row("step variable naming no known role", native, "scenario.variable-unknown",
            "/scenarios/0/steps/0/assertion/params", [](Lab &l) {
                l.scenarios[0].steps[0].assertion.command += QStringLiteral("\necho {{nodes:role=no-such-role}}");
            });
        row("step variable naming no known feature", native, "scenario.variable-unknown",
            "/scenarios/0/steps/0/assertion/params", [](Lab &l) {
                l.scenarios[0].steps[0].assertion.command += QStringLiteral("\necho {{count:feature=typo}}");
            });
        row("step variable of a known role no node has", native, "scenario.variable-empty",
            "/scenarios/0/steps/0/assertion/params", [](Lab &l) {
                l.scenarios[0].steps[0].assertion.command += QStringLiteral("\necho {{count:role=generic}}");
            });
        row("expectation that expansion empties", native, "assertion.expectation-empty",
            "/scenarios/0/steps/0/assertion/params/expect",
            [](Lab &l) { l.scenarios[0].steps[0].assertion.expect.equals = QStringLiteral("{{nodes:role=generic}}"); },
            {QStringLiteral("scenario.variable-empty")});
        row("step naming a node the lab no longer has", native, "scenario.stale-node-name",
            "/scenarios/0/steps/0/assertion/params/command",
            [](Lab &l) { l.scenarios[0].steps[0].assertion.command += QStringLiteral("\nssh compute-3 true"); });
        // A third compute node, as a Palette drop adds it: the steps that list the compute nodes
        // (sinfo's node list) no longer list them all.
        row("step listing some of a role's nodes", native, "scenario.stale-node-list",
            "/scenarios/0/steps/6/assertion/params/command", [](Lab &l) {
                QCOMPARE(l.scenarios[0].steps[6].id, QStringLiteral("2-sinfo-two-nodes"));
                // The list written out, as before the step counted with {{nodes:role=compute}}.
                l.scenarios[0].steps[6].assertion.expect.equals =
                    QStringLiteral("count=2 nodes=compute-1,compute-2 states=idle Default=YES local-slurmd=inactive");
                QString id;
                l = NodeJoin::withNewNode(l, QStringLiteral("compute"), QPointF(1200, 700),
                                          PinsLock::builtIn().validationContext(), &id, nullptr);
                QCOMPARE(id, QStringLiteral("compute-3"));
            });
        row("step naming an address no node has", native, "scenario.stale-address",
            "/scenarios/0/steps/0/assertion/params/command",
            [](Lab &l) { l.scenarios[0].steps[0].assertion.command += QStringLiteral("\nping -c1 10.103.0.99"); });
        row("impair that impairs nothing", native, "assertion.impair-empty", "/scenarios/1/steps/0/assertion/params",
            [](Lab &l) { l.scenarios[1].steps[0].assertion.type = Assertion::Type::Impair; });
        row("impair with more jitter than delay", native, "assertion.impair-range",
            "/scenarios/1/steps/0/assertion/params/jitter_ms", [](Lab &l) {
                Assertion &a = l.scenarios[1].steps[0].assertion;
                a.type = Assertion::Type::Impair;
                a.link.delayMs = 10;
                a.link.jitterMs = 20;
            });
        row("impair losing more than everything", native, "assertion.impair-range",
            "/scenarios/1/steps/0/assertion/params/loss_percent", [](Lab &l) {
                Assertion &a = l.scenarios[1].steps[0].assertion;
                a.type = Assertion::Type::Impair;
                a.link.lossPercent = 150;
            });
        row("nfs_server is not the storage node", hpc, "service.nfs-server",
            "/nodes/0/recipe/services/0/config/nfs_server", [](Lab &l) {
                forEachSlinky(l,
                              [](QJsonObject &c) { c[QStringLiteral("nfs_server")] = QStringLiteral("10.103.0.41"); });
            });
        row("slurm version not pinned", hpc, "service.version", "/nodes/0/recipe/services/0/config/slurm_version",
            [](Lab &l) {
                forEachSlinky(l, [](QJsonObject &c) { c[QStringLiteral("slurm_version")] = QStringLiteral("25.11"); });
            });
        row("monitoring version not pinned", hpc, "service.version",
            "/nodes/0/recipe/services/0/config/prometheus_stack_version", [](Lab &l) {
                forEachSlinky(l, [](QJsonObject &c) {
                    c[QStringLiteral("prometheus_stack_version")] = QStringLiteral("85.0.0");
                });
            });
        row("nfs serial not on the node", hpc, "service.disk-serial", "/nodes/4/recipe/services/0/config/disk_serial",
            [](Lab &l) {
                node(l, "storage").recipe.services[0].config[QStringLiteral("disk_serial")] = QStringLiteral("OTHER");
            });
        row("nfs export network not attached", hpc, "service.export-network",
            "/nodes/4/recipe/services/0/config/export_network",
            [](Lab &l) {
                node(l, "storage").recipe.services[0].config[QStringLiteral("export_network")] =
                    QStringLiteral("10.104.0.0/24");
            },
            {QStringLiteral("service.nfs-not-exported")}); // and the members are outside it
        row("scenario name twice", hpc, "scenario.name-invalid", "/scenarios/1/name",
            [](Lab &l) { l.scenarios[1].name = l.scenarios[0].name; });
        row("scenario name is a path", hpc, "scenario.name-invalid", "/scenarios/1/name",
            [](Lab &l) { l.scenarios[1].name = QStringLiteral("../../../tmp/owned"); });
        row("step id with a slash", hpc, "scenario.step-id-invalid", "/scenarios/0/steps/0/id",
            [](Lab &l) { step(l, 0, 0).id = QStringLiteral("a/b"); });
        row("disabled gating scenario", hpc, "scenario.gating-disabled", "/scenarios/1/gating",
            [](Lab &l) { l.scenarios[1].gating = true; });
        row("scenario without steps", hpc, "scenario.empty", "/scenarios/1/steps",
            [](Lab &l) { l.scenarios[1].steps.clear(); });
        row("step id twice", hpc, "scenario.step-id-invalid", "/scenarios/0/steps/1/id",
            [](Lab &l) { step(l, 0, 1).id = step(l, 0, 0).id; });
        row("step on missing node", hpc, "scenario.node-unknown", "/scenarios/0/steps/0/node",
            [](Lab &l) { step(l, 0, 0).node = QStringLiteral("ghost"); });
        row("no timeout", hpc, "assertion.timeout-missing", "/scenarios/0/steps/0/assertion/params",
            [](Lab &l) { step(l, 0, 0).assertion.timeoutSeconds.reset(); });
        row("timeout over 1800 s", hpc, "assertion.timeout-range",
            "/scenarios/0/steps/0/assertion/params/timeout_seconds",
            [](Lab &l) { step(l, 0, 0).assertion.timeoutSeconds = 1801; });
        row("retry interval zero", hpc, "assertion.interval-range",
            "/scenarios/0/steps/0/assertion/params/interval_seconds",
            [](Lab &l) { step(l, 0, 0).assertion.intervalSeconds = 0; });
        row("empty command", hpc, "assertion.command-empty", "/scenarios/0/steps/0/assertion/params/command",
            [](Lab &l) { step(l, 0, 0).assertion.command = QStringLiteral("  \n"); });
        row("no strict shell", hpc, "assertion.strict-shell", "/scenarios/0/steps/0/assertion/params/command",
            [](Lab &l) {
                step(l, 0, 0).assertion.command = QStringLiteral("kubectl get nodes --no-headers | wc -l\n");
            });
        row("set -e only", hpc, "assertion.strict-shell", "/scenarios/0/steps/0/assertion/params/command",
            [](Lab &l) { step(l, 0, 0).assertion.command = QStringLiteral("set -e\nkubectl get nodes\n"); });
        row("output without expectation", hpc, "assertion.expectation-missing",
            "/scenarios/0/steps/0/assertion/params/expect",
            [](Lab &l) { step(l, 0, 0).assertion.expect = Expectation {}; });
        row("contains empty string", hpc, "assertion.expectation-empty", "/scenarios/0/steps/0/assertion/params/expect",
            [](Lab &l) { step(l, 0, 0).assertion.expect = Expectation {{}, QString(), {}, {}, {}, {}}; });
        row("regex matching empty", hpc, "assertion.expectation-empty", "/scenarios/0/steps/0/assertion/params/expect",
            [](Lab &l) {
                step(l, 0, 0).assertion.expect = Expectation {{}, {}, QStringLiteral("^[0-9]*$"), {}, {}, {}};
            });
        row("zero lines", hpc, "assertion.expectation-empty", "/scenarios/0/steps/0/assertion/params/expect",
            [](Lab &l) { step(l, 0, 0).assertion.expect = Expectation {{}, {}, {}, {}, {}, 0}; });
        row("expectation on command_succeeds", web, "assertion.expectation-ignored",
            "/scenarios/0/steps/0/assertion/params/expect",
            [](Lab &l) { step(l, 0, 0).assertion.type = Assertion::Type::CommandSucceeds; });
        row("token in a command", hpc, "secret.token", "/scenarios/0/steps/0/assertion/params/command", [](Lab &l) {
            step(l, 0, 0).assertion.command += QStringLiteral("kubeadm join --token abcdef.0123456789abcdef\n");
        });
        row("token in a service config", web, "secret.token", "/nodes/0/recipe/services/0/config/join", [](Lab &l) {
            l.nodes[0].recipe.services.append(Service {
                QStringLiteral("custom"), true, {{QStringLiteral("join"), QStringLiteral("x9y8z7.k2j3h4g5f6d7s8a9")}}});
        });
        row("password key in a service config", web, "secret.key", "/nodes/0/recipe/services/0/config/db_password",
            [](Lab &l) {
                l.nodes[0].recipe.services.append(Service {
                    QStringLiteral("custom"), true, {{QStringLiteral("db_password"), QStringLiteral("hunter2")}}});
            });
        row("private key in the description", web, "secret.private-key", "/description", [](Lab &l) {
            l.description =
                QStringLiteral("-----BEGIN OPENSSH PRIVATE KEY-----\nb3Blbn\n-----END OPENSSH PRIVATE KEY-----");
        });
        row("warning without text", web, "warning.invalid", "/warnings/1", [](Lab &l) {
            l.warnings.append(LabWarning {QStringLiteral("note"), QString()});
        });
        // Membership: a node a cluster's config names runs the cluster's feature.
        row("native compute without Slurm", native, "service.member-not-running",
            "/nodes/0/recipe/services/0/config/compute_node_ids/1",
            [](Lab &l) {
                Node *n = l.node(QStringLiteral("compute-2"));
                n->recipe.features.removeAll(QStringLiteral("slurm-native"));
                n->recipe.services.clear();
            },
            {QStringLiteral("feature.left-off"), QStringLiteral("feature.requires")});
        row("Slinky compute not a worker", hpc, "service.member-not-worker",
            "/nodes/0/recipe/services/0/config/compute_node_ids/0",
            [](Lab &l) { l.kubernetes->workers.removeAll(QStringLiteral("compute-1")); },
            {QStringLiteral("kubernetes.feature-not-member")});
        row("compute outside the cluster", native, "feature.left-off", "/nodes/2/recipe/features",
            [](Lab &l) {
                Node *n = l.node(QStringLiteral("compute-2"));
                n->recipe.features.removeAll(QStringLiteral("slurm-native"));
                n->recipe.services.clear();
                forEachNativeSlurm(l, [](QJsonObject &c) {
                    c[QStringLiteral("compute_node_ids")] = QJsonArray {QStringLiteral("compute-1")};
                });
            },
            {QStringLiteral("feature.requires")});
        row("count from before a delete", hpc, "scenario.stale-count", "/scenarios/0/steps/0/assertion/params/expect",
            [](Lab &l) {
                l.scenarios[0].steps[0].assertion.expect.equals = QStringLiteral("ready=5 total=5");
                l = NodeReferences::withoutNodes(l, {QStringLiteral("compute-2")});
            },
            {QStringLiteral("scenario.stale-address")});
        row("required warning missing", hpc, "warning.missing", "/warnings", [](Lab &l) { l.warnings.removeAt(5); });
        row("required warning softened", hpc, "warning.altered", "/warnings/0/text", [](Lab &l) {
            l.warnings[0].text = QStringLiteral("Lab bootstrap uses CA discovery on a private network.");
        });
    }
    void eachRuleFires()
    {
        QFETCH(QString, base);
        QFETCH(Mutation, mutate);
        QFETCH(QString, rule);
        QFETCH(QString, pointer);
        QFETCH(QStringList, alsoAllowed);
        Lab lab = TestLabs::builtIn(base);
        mutate(lab);
        const Problems problems = validate(lab);
        QSet<QString> reported;
        bool atPointer = false;
        const QStringList declared = Validator::ruleIds();
        for (const Problem &p : problems) {
            QVERIFY2(declared.contains(p.rule), qPrintable(p.rule + QStringLiteral(" is reported but not declared")));
            reported.insert(p.rule);
            atPointer = atPointer || (p.rule == rule && p.pointer == pointer);
        }
        QVERIFY2(reported.contains(rule),
                 qPrintable(QStringLiteral("expected %1, got:\n%2").arg(rule, rules(problems))));
        QVERIFY2(atPointer,
                 qPrintable(QStringLiteral("%1 not reported at %2:\n%3").arg(rule, pointer, rules(problems))));
        reported.remove(rule);
        for (const QString &also : alsoAllowed)
            reported.remove(also);
        QVERIFY2(reported.isEmpty(), qPrintable(QStringLiteral("unexpected extra problems:\n%1").arg(rules(problems))));
    }

    // NFS served on a second network that every member is on, exported to it: valid, and
    // what the designer suggests as nfs_server is the address on that network.
    void nfsOnASecondNetworkIsValid()
    {
        Lab l = TestLabs::builtIn(QStringLiteral("slurm-native"));
        l.networks.append(Network {QStringLiteral("san"), QStringLiteral("10.104.0.0/24"), {}, {}, false});
        for (Node &n : l.nodes)
            n.interfaces.append(NodeInterface {QStringLiteral("san"),
                                               n.ip().replace(QStringLiteral("10.103."), QStringLiteral("10.104."))});
        for (Service &s : node(l, "storage").recipe.services) {
            if (s.name == QLatin1String("openfactory-hpc-nfs"))
                s.config.insert(QStringLiteral("export_network"), QStringLiteral("10.104.0.0/24"));
        }
        QCOMPARE(ClusterMembers::nfsServer(l), QStringLiteral("10.104.0.40"));
        // Two networks between every pair: the resilience scenario's link steps name theirs.
        for (ScenarioStep &s : l.scenarios[1].steps) {
            if (!s.assertion.link.peer.isEmpty())
                s.assertion.link.network = QStringLiteral("hpc-lab");
        }
        forEachNativeSlurm(
            l, [](QJsonObject &c) { c.insert(QStringLiteral("nfs_server"), QStringLiteral("10.104.0.40")); });
        QCOMPARE(rules(validate(l)), QString());
    }

    // Topology variables follow the lab: the nodes of a role or a feature, their count, an
    // address; a compute added is in them, one removed is not; an unknown one says why.
    void stepVariablesFollowTheLab()
    {
        Lab l = TestLabs::builtIn(QStringLiteral("slurm-native"));
        const QString text = QStringLiteral("sinfo -h -N -o %N | paste -sd, - # {{nodes:role=compute}} "
                                            "count={{count:role=compute}} munge={{count:feature=munge}} "
                                            "at={{ip:storage}} all={{count}}");
        StepVariables::Expansion e = StepVariables::expand(text, l);
        QVERIFY2(e.errors.isEmpty(), qPrintable(e.errors.join(u'\n')));
        QVERIFY2(e.text.endsWith(QStringLiteral("# compute-1,compute-2 count=2 munge=4 at=10.103.0.40 all=6")),
                 qPrintable(e.text));
        Node third = node(l, "compute-2");
        third.id = QStringLiteral("compute-3");
        l.nodes.append(third);
        e = StepVariables::expand(text, l);
        QVERIFY2(
            e.text.endsWith(QStringLiteral("# compute-1,compute-2,compute-3 count=3 munge=5 at=10.103.0.40 all=7")),
            qPrintable(e.text));
        e = StepVariables::expand(QStringLiteral("{{ip:nowhere}} {{nodes:colour=blue}} {{end}} {{.Names}}"), l);
        QCOMPARE(e.errors.size(), 2); // another {{…}} (a Go template's) is not labforge's
        QCOMPARE(e.text, QStringLiteral("{{ip:nowhere}} {{nodes:colour=blue}} {{end}} {{.Names}}"));
        // A step's expectation expands too; a literal name of a removed node is found.
        ScenarioStep step;
        step.assertion.command = QStringLiteral("scontrol show node compute-3 compute-1 login-ops sha-256");
        step.assertion.expect.equals = QStringLiteral("nodes={{nodes:role=compute}}");
        QCOMPARE(*StepVariables::expanded(step, l).assertion.expect.equals,
                 QStringLiteral("nodes=compute-1,compute-2,compute-3"));
        QCOMPARE(StepVariables::staleNodeNames(step, l), QStringList());
        l.nodes.removeLast();
        QCOMPARE(StepVariables::staleNodeNames(step, l), QStringList {QStringLiteral("compute-3")});
    }

    void everyRuleHasAFailingLab()
    {
        eachRuleFires_data(); // fills m_coveredRules; harmless to build the rows again
        QStringList missing;
        for (const QString &rule : Validator::ruleIds()) {
            if (!m_coveredRules.contains(rule))
                missing.append(rule);
        }
        QVERIFY2(missing.isEmpty(),
                 qPrintable(QStringLiteral("rules without a failing-lab row: ") + missing.join(QStringLiteral(", "))));
    }

    // A link whose end is off its network, or that names none: the quick fix attaches the end
    // (or takes the network both are on), and the lab validates clean again.
    void linkProblemsHaveAQuickFix()
    {
        Lab lab = TestLabs::builtIn(QStringLiteral("slurm-hpc"));
        lab.networks.append(Network {QStringLiteral("san"), QStringLiteral("10.104.0.0/24"), {}, {}, false});
        node(lab, "storage").interfaces.append(NodeInterface {QStringLiteral("san"), QStringLiteral("10.104.0.40")});
        lab.links[7].network = QStringLiteral("san");
        lab.links[3].network.clear();
        Problems problems = validate(lab);
        QCOMPARE(rules(problems).split(QLatin1Char('\n'), Qt::SkipEmptyParts).size(), 2);
        for (const Problem &p : problems) {
            const auto fix = ProblemFix::of(lab, p, PinsLock::builtIn().validationContext());
            QVERIFY2(fix, qPrintable(p.rule));
            lab = fix->lab;
        }
        QCOMPARE(lab.links.at(3).network, QStringLiteral("hpc-lab"));
        QCOMPARE(lab.node(QStringLiteral("login-ops"))->interfaces.value(1),
                 (NodeInterface {QStringLiteral("san"), QStringLiteral("10.104.0.10")}));
        QCOMPARE(rules(validate(lab)), QString());
    }

    // The Link tool's edit: over the network both nodes are on, else one joins a network of
    // the other in the same edit; refused for one node, an unknown one and a pair already linked.
    void linkingTwoNodes()
    {
        const Lab lab = TestLabs::builtIn(QStringLiteral("slurm-hpc"));
        QString why;
        Lab after = LinkEdits::linked(lab, QStringLiteral("compute-1"), QStringLiteral("compute-2"), &why);
        QCOMPARE(why, QString());
        QCOMPARE(after.links.size(), 9);
        QCOMPARE(after.links.last(),
                 (Link {QStringLiteral("compute-1"), QStringLiteral("compute-2"), QStringLiteral("hpc-lab"), {}}));
        for (const auto &[from, to] :
             {std::pair {"compute-2", "compute-1"}, std::pair {"storage", "storage"}, std::pair {"storage", "ghost"}}) {
            QVERIFY(LinkEdits::linked(after, QString::fromLatin1(from), QString::fromLatin1(to), &why) == after);
            QVERIFY2(!why.isEmpty(), from);
        }
        // No network in common: the first end joins the other's.
        Lab apart = lab;
        apart.networks.append(Network {QStringLiteral("san"), QStringLiteral("10.104.0.0/24"), {}, {}, false});
        node(apart, "storage").interfaces = {NodeInterface {QStringLiteral("san"), QStringLiteral("10.104.0.40")}};
        apart.links.clear();
        after = LinkEdits::linked(apart, QStringLiteral("compute-1"), QStringLiteral("storage"), &why);
        QCOMPARE(why, QString());
        QCOMPARE(after.links.last().network, QStringLiteral("san"));
        QCOMPARE(after.node(QStringLiteral("compute-1"))->interfaces.size(), 2);
        QVERIFY2(!rules(validate(after)).contains(QLatin1String("link.")), qPrintable(rules(validate(after))));
    }

    // Thousands of nodes at one spot, thousands of networks on one range: every overlapping
    // node or network is told once (naming one partner and how many more), a rule reports at
    // most ProblemSink::MaxPerRule problems and says how many more it found, and the work
    // stays linear in the lab (pairs are never listed).
    void hugeOverlapsAreBoundedPerRule()
    {
        Lab lab = TestLabs::generated(4000);
        for (Node &n : lab.nodes)
            n.position = QPointF(100, 100);
        for (int i = 0; i < 3000; ++i)
            lab.networks.append(
                Network {QStringLiteral("o%1").arg(i), QStringLiteral("10.%1.0.0/16").arg(200 + i % 2), {}, {}, false});
        const Problems problems = validate(lab);
        QHash<QString, int> perRule;
        for (const Problem &p : problems)
            ++perRule[p.rule];
        for (auto it = perRule.cbegin(); it != perRule.cend(); ++it)
            QVERIFY2(it.value() <= ProblemSink::MaxPerRule + 1, qPrintable(it.key()));
        QCOMPARE(perRule.value(QStringLiteral("node.position-overlap")), ProblemSink::MaxPerRule + 1);
        QCOMPARE(perRule.value(QStringLiteral("cidr.overlap")), ProblemSink::MaxPerRule + 1);
        QStringList said;
        for (const Problem &p : problems) {
            if (p.rule == QLatin1String("node.position-overlap") || p.rule == QLatin1String("cidr.overlap"))
                said.append(p.message);
        }
        QVERIFY(said.contains(QStringLiteral("and 3799 more problem(s) of rule node.position-overlap")));
        QVERIFY(said.contains(QStringLiteral("and 2800 more problem(s) of rule cidr.overlap")));
        QVERIFY(said.contains(QStringLiteral("node \"node-1\" overlaps node \"node-0\" on the canvas")));
        QVERIFY(
            said.contains(QStringLiteral("node \"node-2\" overlaps node \"node-0\" on the canvas and 1 more node(s)")));
        QVERIFY(
            said.contains(QStringLiteral("network \"o0\" (10.200.0.0/16) overlaps network \"o2\" (10.200.0.0/16) and "
                                         "1498 more network(s)")));
    }

    void problemsNameTheirNode()
    {
        Lab lab = TestLabs::builtIn(QStringLiteral("slurm-hpc"));
        node(lab, "compute-2").interfaces[0].ip = QStringLiteral("10.103.0.21");
        const Problems problems = validate(lab);
        // Both parties of the conflict, each at its own field (then the step that still names
        // compute-2's old address).
        QCOMPARE(problems.size(), 3);
        QCOMPARE(problems.at(2).rule, QStringLiteral("scenario.stale-address"));
        QCOMPARE(problems.at(0).nodeId, QStringLiteral("compute-2"));
        QCOMPARE(problems.at(0).severity, Problem::Severity::Error);
        QVERIFY(problems.at(0).message.contains(QStringLiteral("compute-1")));
        QCOMPARE(problems.at(1).nodeId, QStringLiteral("compute-1"));
        QCOMPARE(problems.at(1).pointer, QStringLiteral("/nodes/1/interfaces/0/ip"));
        QVERIFY(problems.at(1).message.contains(QStringLiteral("compute-2")));
        // The same for a disk serial.
        Lab disks = TestLabs::builtIn(QStringLiteral("slurm-hpc"));
        node(disks, "compute-1").disks.append(node(disks, "storage").disks.first());
        QStringList parties;
        for (const Problem &p : validate(disks)) {
            if (p.rule == QLatin1String("disk.serial-duplicate"))
                parties.append(p.nodeId);
        }
        parties.sort();
        QCOMPARE(parties, QStringList({QStringLiteral("compute-1"), QStringLiteral("storage")}));
    }

    void interfaceProblemsNameTheirInterface()
    {
        // The canvas marks the line of the interface a problem's pointer names.
        Lab lab = TestLabs::builtIn(QStringLiteral("web-lab"));
        lab.nodes[2].interfaces.append(NodeInterface {QStringLiteral("ghost-net"), QStringLiteral("10.9.9.9")});
        const Problems problems = validate(lab);
        QCOMPARE(problems.size(), 1);
        QCOMPARE(problems.at(0).rule, QStringLiteral("node.network-unknown"));
        QCOMPARE(problems.at(0).pointer, QStringLiteral("/nodes/2/interfaces/1/network"));
        QCOMPARE(problems.at(0).nodeId, QStringLiteral("db"));
    }

    void terraformWarningFollowsTheLabSize()
    {
        Lab lab = TestLabs::builtIn(QStringLiteral("web-lab"));
        lab.nodes[0].recipe.features.append(QStringLiteral("terraform"));
        Problems problems = validate(lab);
        QCOMPARE(problems.size(), 1);
        QCOMPARE(problems.at(0).rule, QStringLiteral("warning.missing"));
        QVERIFY2(problems.at(0).message.contains(QStringLiteral("this three-VM libvirt lab")),
                 qPrintable(problems.at(0).message));
        lab.warnings.append(LabWarning {QStringLiteral("cloud-not-included"),
                                        Catalog::requiredWarningText(QStringLiteral("cloud-not-included"), lab)});
        QVERIFY(validate(lab).isEmpty());
    }

    // Each feature's definition carries its warnings' texts: every warning a feature requires
    // has one (a warning two features require is written once), and the reference labs carry
    // them word for word (the specification's text).
    void everyRequiredWarningHasItsText()
    {
        const Lab lab = TestLabs::builtIn(QStringLiteral("slurm-hpc"));
        for (const FeatureInfo &f : Catalog::features()) {
            for (const QString &id : f.requiredWarnings)
                QVERIFY2(!Catalog::requiredWarningText(id, lab).isEmpty(),
                         qPrintable(QStringLiteral("%1 requires %2, which has no text").arg(f.name, id)));
        }
        QVERIFY(Catalog::requiredWarningIds().contains(QStringLiteral("native-slurm-scope")));
        QCOMPARE(Catalog::requiredWarningText(QStringLiteral("production-controls-excluded"), lab),
                 QStringLiteral("Production identity, multi-user UID/GID management, TLS, secrets rotation, network "
                                "policy, backup/restore, and hardened RBAC are not included."));
        for (const QString &name : {QStringLiteral("slurm-hpc"), QStringLiteral("slurm-native")}) {
            const Lab builtIn = TestLabs::builtIn(name);
            int required = 0;
            for (const LabWarning &w : builtIn.warnings) {
                if (!Catalog::requiredWarningIds().contains(w.id))
                    continue;
                ++required;
                QCOMPARE(w.text, Catalog::requiredWarningText(w.id, builtIn));
            }
            QVERIFY2(required >= 2, qPrintable(name));
        }
    }

    void strictShellRecognition_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<bool>("strict");
        QTest::newRow("plain") << QStringLiteral("set -euo pipefail\ntrue") << true;
        QTest::newRow("Eeuo") << QStringLiteral("set -Eeuo pipefail\ntrue") << true;
        QTest::newRow("comment first") << QStringLiteral("# check\n\nset -euo pipefail\ntrue") << true;
        QTest::newRow("missing u") << QStringLiteral("set -eo pipefail\ntrue") << false;
        QTest::newRow("later") << QStringLiteral("true\nset -euo pipefail") << false;
        QTest::newRow("no pipefail") << QStringLiteral("set -eu\ntrue") << false;
        QTest::newRow("pipefailure") << QStringLiteral("set -euo pipefailure") << false;
    }
    void strictShellRecognition()
    {
        QFETCH(QString, command);
        QFETCH(bool, strict);
        Lab lab = TestLabs::builtIn(QStringLiteral("web-lab"));
        step(lab, 0, 0).assertion.command = command;
        const Problems problems = validate(lab);
        QCOMPARE(problems.isEmpty(), strict);
    }
};

QTEST_GUILESS_MAIN(TestValidator)
#include "tst_validator.moc"
