// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "BundleGenerator.h"
#include "BundleWriter.h"
#include "Catalog.h"
#include "EnvFile.h"
#include "FeatureModules.h"
#include "FeatureRegistry.h"
#include "LabReader.h"
#include "LabWriter.h"
#include "PinsLock.h"
#include "SlinkySlurmGenerator.h"
#include "Templates.h"
#include "TestLabs.h"
#include "ValidationContext.h"
#include "Validator.h"
#include "YamlWriter.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace Labforge;

namespace {

QByteArray entry(const Bundle &b, const QString &path)
{
    const auto files = b.files();
    if (!files.contains(path))
        qFatal("bundle has no %s", qPrintable(path));
    return files.value(path).content;
}

QString goldenDir()
{
    return TestLabs::sourceDir() + QStringLiteral("/tests/golden/slurm-hpc");
}

} // namespace

class TestGenerators : public QObject
{
    Q_OBJECT

public:
    // The composition root: the recipe features, as app/main.cpp installs them.
    static void initMain() { Labforge::FeatureModules::install(); }
private Q_SLOTS:
    void generationIsDeterministic()
    {
        const Lab lab = TestLabs::builtIn(QStringLiteral("slurm-hpc"));
        const auto a = BundleGenerator::generate(lab).files();
        const auto b = BundleGenerator::generate(lab).files();
        QCOMPARE(a.keys(), b.keys());
        for (auto it = a.begin(); it != a.end(); ++it)
            QVERIFY2(it->content == b.value(it.key()).content, qPrintable(it.key()));
    }

    // A bundle goes into a directory: a file of that name is neither replaced (not even with
    // replace, --force) nor left in doubt; the error says what is in the way.
    void aBundleIsNotWrittenOverAFile()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString file = dir.filePath(QStringLiteral("afile"));
        {
            QFile f(file);
            QVERIFY(f.open(QIODevice::WriteOnly) && f.write("kept") == 4);
        }
        const Bundle bundle = BundleGenerator::generate(TestLabs::builtIn(QStringLiteral("web-lab")));
        for (bool replace : {false, true}) {
            QString error;
            QVERIFY(!BundleWriter::write(bundle, file, replace, &error));
            QCOMPARE(error, file + QStringLiteral(" is a file, not a directory; a bundle is written into a directory"));
            QFile f(file);
            QVERIFY(f.open(QIODevice::ReadOnly));
            QCOMPARE(f.readAll(), QByteArray("kept"));
            QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
                     QStringList {QStringLiteral("afile")});
        }
    }

    // The reference bundle, byte for byte. Regenerate after an intended change with
    // LABFORGE_UPDATE_GOLDEN=1 and review the diff like any other code change.
    void referenceBundleMatchesGolden()
    {
        const Bundle bundle = BundleGenerator::generate(TestLabs::builtIn(QStringLiteral("slurm-hpc")));
        QVERIFY2(bundle.ok(), qPrintable(bundle.errors.join(QLatin1Char('\n'))));
        if (qEnvironmentVariableIsSet("LABFORGE_UPDATE_GOLDEN")) {
            QString error;
            QVERIFY2(BundleWriter::write(bundle, goldenDir(), true, &error), qPrintable(error));
            QSKIP("golden bundle rewritten");
        }
        const auto files = bundle.files();
        QStringList onDisk;
        QDirIterator it(goldenDir(), QDir::Files | QDir::System | QDir::Hidden, QDirIterator::Subdirectories);
        while (it.hasNext())
            onDisk.append(QDir(goldenDir()).relativeFilePath(it.next()));
        onDisk.sort();
        QCOMPARE(onDisk, files.keys());
        for (auto f = files.begin(); f != files.end(); ++f) {
            const QString path = goldenDir() + QLatin1Char('/') + f.key();
            if (!f->symlinkTarget.isEmpty()) {
                QCOMPARE(QFile::symLinkTarget(path), f->symlinkTarget);
                continue;
            }
            QFile golden(path);
            QVERIFY(golden.open(QIODevice::ReadOnly));
            QVERIFY2(golden.readAll() == f->content,
                     qPrintable(f.key() + QStringLiteral(" differs from the golden copy")));
        }
    }

    void planIsTheSpecsSecretFreeIntent()
    {
        const Bundle bundle = BundleGenerator::generate(TestLabs::builtIn(QStringLiteral("slurm-hpc")));
        const QJsonObject k = bundle.plan.value(QStringLiteral("kubernetes")).toObject();
        const QJsonObject expected =
            QJsonDocument::fromJson(R"({"mode": "kubeadm-lab", "version": "v1.36.3", "controller": "controller",
            "workers": ["compute-1", "compute-2", "login-ops", "observability"], "pod_cidr": "10.244.0.0/16",
            "service_cidr": "10.112.0.0/16", "cni": "flannel", "bootstrap_token_ttl_seconds": 900})")
                .object();
        QCOMPARE(k, expected);
        const QJsonObject totals = bundle.plan.value(QStringLiteral("totals")).toObject();
        QCOMPARE(totals.value(QStringLiteral("memory_gb")).toInt(), 24);
        QCOMPARE(totals.value(QStringLiteral("vcpus")).toInt(), 7);
        QCOMPARE(totals.value(QStringLiteral("data_disk_gb")).toInt(), 20);
        QCOMPARE(bundle.plan.value(QStringLiteral("warnings")).toArray().size(), 6);
    }

    void rolesGetOnlyTheirParts()
    {
        const Bundle bundle = BundleGenerator::generate(TestLabs::builtIn(QStringLiteral("slurm-hpc")));
        auto hasFile = [&](const char *node, const QString &path) {
            for (const GeneratedFile &f : bundle.node(QString::fromLatin1(node))->output.files) {
                if (f.path == path)
                    return true;
            }
            return false;
        };
        auto artifacts = [&](const char *node) {
            QStringList names;
            for (const PinnedArtifact &a : bundle.node(QString::fromLatin1(node))->output.artifacts)
                names.append(a.name);
            return names;
        };
        QVERIFY(hasFile("controller", QStringLiteral("/etc/openfactory/kubeadm-lab/kubeadm-controller.yaml")));
        QVERIFY(!hasFile("controller", QStringLiteral("/etc/openfactory/kubeadm-lab/kubeadm-worker.yaml")));
        QVERIFY(hasFile("compute-1", QStringLiteral("/etc/openfactory/kubeadm-lab/kubeadm-worker.yaml")));
        QVERIFY(!hasFile("storage", QStringLiteral("/usr/local/lib/openfactory/kubeadm-lab.sh")));
        QVERIFY(hasFile("storage", QStringLiteral("/usr/local/lib/openfactory/hpc-disk-guard")));
        for (const char *cmd : {"sinfo", "squeue", "srun", "sbatch", "scontrol", "scancel"}) {
            QVERIFY(hasFile("login-ops", QStringLiteral("/usr/local/bin/") + QLatin1String(cmd)));
            QVERIFY(!hasFile("compute-1", QStringLiteral("/usr/local/bin/") + QLatin1String(cmd)));
        }
        QCOMPARE(artifacts("controller"),
                 (QStringList {QStringLiteral("kubeadm"), QStringLiteral("kubelet"), QStringLiteral("kubectl"),
                               QStringLiteral("crictl"), QStringLiteral("kube-flannel.yml"),
                               QStringLiteral("kube-prometheus-stack"), QStringLiteral("slurm-operator-crds"),
                               QStringLiteral("slurm-operator"), QStringLiteral("slurm"), QStringLiteral("helm")}));
        QCOMPARE(artifacts("login-ops"),
                 (QStringList {QStringLiteral("kubeadm"), QStringLiteral("kubelet"), QStringLiteral("kubectl"),
                               QStringLiteral("crictl"), QStringLiteral("helm"), QStringLiteral("terraform")}));
        QVERIFY(artifacts("storage").isEmpty());
        QVERIFY(bundle.node(QStringLiteral("storage"))->output.packages.contains(QStringLiteral("nfs-kernel-server")));
        QVERIFY(!bundle.node(QStringLiteral("storage"))->output.packages.contains(QStringLiteral("containerd")));
        // No feature installs kubeadm, kubectl, kubelet, helm or terraform as a Debian package.
        for (const Bundle::NodeImage &n : bundle.nodes) {
            for (const char *p : {"kubeadm", "kubectl", "kubelet", "helm", "terraform"})
                QVERIFY2(!n.output.packages.contains(QLatin1String(p)), qPrintable(n.nodeId));
        }
    }

    void kubeadmConfigsCarryThePlan()
    {
        const Bundle bundle = BundleGenerator::generate(TestLabs::builtIn(QStringLiteral("slurm-hpc")));
        const QByteArray init = entry(
            bundle, QStringLiteral("nodes/controller/overlay/etc/openfactory/kubeadm-lab/kubeadm-controller.yaml"));
        for (const char *needle :
             {"apiVersion: kubeadm.k8s.io/v1beta4", "ttl: \"900s\"", "kubernetesVersion: \"v1.36.3\"",
              "podSubnet: \"10.244.0.0/16\"", "serviceSubnet: \"10.112.0.0/16\"", "advertiseAddress: \"10.103.0.10\"",
              "taints: []", "token: \"__BOOTSTRAP_TOKEN__\""})
            QVERIFY2(init.contains(needle), needle);
        const QByteArray join =
            entry(bundle, QStringLiteral("nodes/compute-2/overlay/etc/openfactory/kubeadm-lab/kubeadm-worker.yaml"));
        for (const char *needle : {"apiServerEndpoint: \"10.103.0.10:6443\"", "unsafeSkipCAVerification: true",
                                   "name: \"compute-2\"", "value: \"10.103.0.22\""})
            QVERIFY2(join.contains(needle), needle);
        const QByteArray env =
            entry(bundle, QStringLiteral("nodes/controller/overlay/etc/openfactory/kubeadm-lab/env"));
        QVERIFY(env.contains("OF_MEMBER_COUNT='5'"));
        QVERIFY(env.contains("OF_MEMBERS='controller compute-1 compute-2 login-ops observability'"));
    }

    void storageExportsForTheLabNetworkOnly()
    {
        const Bundle bundle = BundleGenerator::generate(TestLabs::builtIn(QStringLiteral("slurm-hpc")));
        const QByteArray env = entry(bundle, QStringLiteral("nodes/storage/overlay/etc/openfactory/hpc-nfs/env"));
        QVERIFY(env.contains("OF_DISK_SERIAL='OPENFACTORY_HPC_DATA'"));
        QVERIFY(env.contains("OF_EXPORT_NETWORK='10.103.0.0/24'"));
        QVERIFY(env.contains("OF_CLUSTER_WRITERS='10.103.0.10(rw,"));
    }

    void smallLabHasNoHpcParts()
    {
        const Bundle bundle = BundleGenerator::generate(TestLabs::builtIn(QStringLiteral("web-lab")));
        QVERIFY2(bundle.ok(), qPrintable(bundle.errors.join(QLatin1Char('\n'))));
        QVERIFY(!bundle.plan.contains(QStringLiteral("kubernetes")));
        const auto files = bundle.files();
        for (auto it = files.begin(); it != files.end(); ++it) {
            for (const char *hpc : {"openfactory", "kubeadm", "slinky", "slurm", "hpc-nfs"})
                QVERIFY2(!it.key().contains(QLatin1String(hpc)) && !it->content.contains(hpc), qPrintable(it.key()));
        }
        for (const Bundle::NodeImage &n : bundle.nodes)
            QVERIFY(n.output.artifacts.isEmpty());
        QVERIFY(entry(bundle, QStringLiteral("nodes/proxy/overlay/etc/haproxy/haproxy.cfg"))
                    .contains("server web 192.168.60.20:80 check"));
        QVERIFY(
            entry(bundle, QStringLiteral("nodes/web/overlay/var/www/html/index.html")).contains("labforge web lab"));
    }

    void everyNodeLoadsItsNicDriverBeforeANarrowColdplug()
    {
        // labforge's NICs are virtio; their driver loads before udev's coldplug so the NIC is
        // in its first batch, and the coldplug replays only the kinds of device labforge
        // attaches (see BaseGenerator), on every node of every lab.
        for (const char *lab : {"web-lab", "slurm-hpc"}) {
            const Bundle bundle = BundleGenerator::generate(TestLabs::builtIn(QLatin1String(lab)));
            QVERIFY2(bundle.ok(), qPrintable(bundle.errors.join(QLatin1Char('\n'))));
            for (const Bundle::NodeImage &n : bundle.nodes) {
                const QString overlay = QStringLiteral("nodes/%1/overlay/etc/").arg(n.nodeId);
                QVERIFY2(entry(bundle, overlay + QStringLiteral("modules-load.d/labforge-nic.conf"))
                             .split('\n')
                             .contains("virtio_net"),
                         qPrintable(n.nodeId));
                const QByteArray coldplug = entry(
                    bundle,
                    overlay
                        + QStringLiteral("systemd/system/systemd-udev-trigger.service.d/10-labforge-coldplug.conf"));
                QVERIFY2(coldplug.contains("\n[Unit]\nAfter=systemd-modules-load.service\n"), qPrintable(n.nodeId));
                // The coldplug replays what labforge attaches, not Debian's every device.
                QVERIFY2(coldplug.contains("\n[Service]\nExecStart=\nExecStart=-udevadm trigger --type=devices "
                                           "--action=add --subsystem-match=net --subsystem-match=block "
                                           "--subsystem-match=virtio --subsystem-match=rtc\nExecStart=-udevadm "
                                           "trigger --type=devices --action=add --subsystem-match=tty "
                                           "--sysname-match=ttyS0\n"),
                         coldplug.constData());
            }
        }
    }

    void generatorErrorsNameNodeAndFeature()
    {
        Lab lab = TestLabs::builtIn(QStringLiteral("slurm-hpc"));
        lab.node(QStringLiteral("controller"))->recipe.features.removeAll(QStringLiteral("helm"));
        const Bundle bundle = BundleGenerator::generate(lab);
        QVERIFY(!bundle.ok());
        QVERIFY2(bundle.errors.join(QLatin1Char('\n'))
                     .contains(QStringLiteral(
                         "node controller: slinky-slurm: the Slinky controller installs charts with Helm")),
                 qPrintable(bundle.errors.join(QLatin1Char('\n'))));
        Lab web = TestLabs::builtIn(QStringLiteral("web-lab"));
        web.node(QStringLiteral("web"))->recipe.features.removeAll(QStringLiteral("nginx"));
        QVERIFY(BundleGenerator::generate(web)
                    .errors.join(QLatin1Char('\n'))
                    .contains(QStringLiteral("node proxy: haproxy: haproxy has no backend")));
    }

    // Every feature is one module (definition and generator of the same name, the module
    // list refuses anything else), the model knows exactly the modules' definitions, every
    // catalog feature has its generator (and no generator lacks a catalog entry), every
    // pinned component it names is in the lock, and every secret slot an image of a built-in
    // lab declares is one the runner can fill.
    void featuresAreComplete()
    {
        const FeatureModules &registry = FeatureModules::instance();
        QCOMPARE(FeatureRegistry::instance().all().size(), registry.all().size());
        for (std::size_t i = 0; i < registry.all().size(); ++i) {
            const FeatureModule &module = registry.all()[i];
            QCOMPARE(FeatureRegistry::instance().all()[i], module.definition.get());
            QCOMPARE(module.generator->feature(), module.definition->name());
        }
        for (const FeatureInfo &f : Catalog::features()) {
            QVERIFY2(registry.generator(f.name), qPrintable(f.name));
            for (const QString &component : f.pinnedComponents)
                QVERIFY2(!PinsLock::builtIn().version(component).isEmpty(), qPrintable(f.name + u' ' + component));
        }
        for (const QString &name : registry.features())
            QVERIFY2(Catalog::feature(name), qPrintable(name));
        // A feature's service gets a suggested config in the designer; on the built-in labs
        // it is what the lab carries (a member's config is copied from another member's).
        for (const QString &lab : Templates::names()) {
            const Lab built = TestLabs::builtIn(lab);
            for (const Node &node : built.nodes) {
                for (const Service &service : node.recipe.services) {
                    const FeatureDefinition *owner = FeatureRegistry::instance().owningService(service.name);
                    QVERIFY2(owner, qPrintable(lab + u' ' + service.name));
                    QVERIFY2(node.recipe.hasFeature(owner->name()), qPrintable(lab + u' ' + node.id));
                    Lab without = built;
                    without.node(node.id)->recipe.services.clear();
                    const QJsonObject suggested = owner->suggestedConfig(service.name, without, *without.node(node.id),
                                                                         PinsLock::builtIn().validationContext());
                    QVERIFY2(
                        suggested == service.config,
                        qPrintable(lab + u' ' + node.id + u' ' + QString::fromUtf8(QJsonDocument(suggested).toJson())));
                }
            }
            // Added node by node from nothing, as a user would, the suggestions make a valid lab.
            for (const auto &feature : FeatureRegistry::instance().all()) {
                for (const QString &serviceName : feature->info().requiredServices) {
                    Lab rebuilt = built;
                    QStringList members;
                    for (Node &n : rebuilt.nodes) {
                        if (n.recipe.service(serviceName)) {
                            members.append(n.id);
                            n.recipe.services.removeIf([&](const Service &sv) { return sv.name == serviceName; });
                        }
                    }
                    for (const QString &id : std::as_const(members)) {
                        const QJsonObject config = feature->suggestedConfig(serviceName, rebuilt, *rebuilt.node(id),
                                                                            PinsLock::builtIn().validationContext());
                        rebuilt.node(id)->recipe.services.append(Service {serviceName, true, config});
                    }
                    for (const Problem &p : Validator::validate(rebuilt, PinsLock::builtIn().validationContext()))
                        QVERIFY2(!p.isError(),
                                 qPrintable(lab + u' ' + serviceName + u' ' + p.pointer + u' ' + p.message));
                }
            }
        }
        for (const QString &lab : Templates::names()) {
            for (const Bundle::NodeImage &n : BundleGenerator::generate(TestLabs::builtIn(lab)).nodes) {
                for (const SecretSlot &slot : n.output.secretSlots)
                    QVERIFY2(slot.problem().isEmpty(), qPrintable(lab + u' ' + n.nodeId + u' ' + slot.problem()));
            }
        }
    }

    // The native HPC lab: Slurm, MUNGE and monitoring from Debian 13 at the lock's versions.
    void nativeLabInstallsPinnedDebianVersions()
    {
        const Bundle bundle = BundleGenerator::generate(TestLabs::builtIn(QStringLiteral("slurm-native")));
        QVERIFY2(bundle.ok(), qPrintable(bundle.errors.join(QLatin1Char('\n'))));
        const PinsLock &pins = PinsLock::builtIn();
        const QString slurm = u'=' + pins.version(QStringLiteral("slurm-debian"));
        auto packages = [&](const char *node) {
            return bundle.node(QString::fromLatin1(node))->output.packages;
        };
        QVERIFY(packages("controller").contains(QStringLiteral("slurmctld") + slurm));
        QVERIFY(packages("controller").contains(QStringLiteral("slurmrestd") + slurm));
        QVERIFY(packages("compute-1").contains(QStringLiteral("slurmd") + slurm));
        QVERIFY(packages("login-ops").contains(QStringLiteral("sackd") + slurm));
        QVERIFY(packages("login-ops").contains(QStringLiteral("slurm-client") + slurm));
        for (const char *notOnLogin : {"slurmd", "slurmctld"}) {
            for (const QString &p : packages("login-ops"))
                QVERIFY2(!p.startsWith(QLatin1String(notOnLogin) + u'='), qPrintable(p));
        }
        for (const QString &p : packages("compute-2"))
            QVERIFY2(!p.startsWith(QLatin1String("slurmctld")) && !p.startsWith(QLatin1String("sackd")), qPrintable(p));
        QVERIFY(packages("observability")
                    .contains(QStringLiteral("prometheus=") + pins.version(QStringLiteral("prometheus"))));
        QVERIFY(packages("observability")
                    .contains(QStringLiteral("prometheus-alertmanager=")
                              + pins.version(QStringLiteral("prometheus-alertmanager"))));
        for (const Bundle::NodeImage &n : bundle.nodes) {
            QVERIFY2(n.output.packages.contains(QStringLiteral("prometheus-node-exporter=")
                                                + pins.version(QStringLiteral("prometheus-node-exporter"))),
                     qPrintable(n.nodeId));
            const bool prometheus = n.nodeId == QLatin1String("observability");
            QCOMPARE(n.output.units.contains(QStringLiteral("prometheus.service")), prometheus);
        }
        const QJsonObject planPins = bundle.plan.value(QStringLiteral("pins")).toObject();
        for (const char *component :
             {"slurm-debian", "munge", "prometheus", "prometheus-alertmanager", "prometheus-node-exporter"})
            QVERIFY2(planPins.contains(QLatin1String(component)), component);
        QVERIFY(!planPins.contains(QStringLiteral("kubernetes")));
    }

    void nativeSlurmIsConfiglessWithExactlyTheTwoComputes()
    {
        const Bundle bundle = BundleGenerator::generate(TestLabs::builtIn(QStringLiteral("slurm-native")));
        const QByteArray conf =
            entry(bundle, QStringLiteral("nodes/controller/overlay/etc/openfactory/slurm-native/slurm.conf"));
        for (const char *line :
             {"SlurmctldHost=controller(10.103.0.10)\n", "SlurmctldParameters=enable_configless\n",
              "AuthType=auth/munge\n", "StateSaveLocation=/var/lib/slurm/slurmctld\n",
              "ProctrackType=proctrack/cgroup\n", "TaskPlugin=task/cgroup\n", "SelectTypeParameters=CR_Core_Memory\n",
              "SlurmdTimeout=30\n", "HealthCheckProgram=/usr/local/lib/openfactory/slurm-health-check.sh\n"})
            QVERIFY2(conf.contains(line), line);
        QCOMPARE(conf.count("\nNodeName="), 0); // added at boot from the run's hardware
        QVERIFY(entry(bundle, QStringLiteral("nodes/controller/overlay/etc/slurm/cgroup.conf"))
                    .contains("ConstrainRAMSpace=yes\n"));
        QVERIFY(
            !entry(bundle, QStringLiteral("nodes/compute-1/overlay/usr/local/lib/openfactory/slurm-health-check.sh"))
                 .isEmpty());
        // The node lines: each compute node's vCPUs and memory as the run boots it, an eighth
        // (at least 256 MiB) kept for the guest; a node the table lacks stops the controller.
        QTemporaryDir dir;
        const auto write = [&](const QString &name, const QByteArray &content) {
            QFile f(dir.filePath(name));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(content);
        };
        write(QStringLiteral("nodes"),
              entry(bundle, QStringLiteral("nodes/controller/overlay/etc/openfactory/slurm-native/compute-nodes")));
        write(QStringLiteral("script"),
              entry(bundle, QStringLiteral("nodes/controller/overlay/usr/local/lib/openfactory/slurm-nodes.sh")));
        write(QStringLiteral("hardware"), "controller 2 1024\ncompute-1 1 1024\ncompute-2 2 4096\nlogin-ops 1 1024\n");
        write(QStringLiteral("short"), "compute-1 1 1024\n");
        const auto nodeLines = [&](const char *table) {
            QProcess p;
            p.start(QStringLiteral("bash"),
                    {dir.filePath(QStringLiteral("script")), dir.filePath(QStringLiteral("nodes")),
                     dir.filePath(QString::fromLatin1(table)), QStringLiteral("cpu")});
            p.waitForFinished();
            return std::pair {p.exitCode(), p.readAllStandardOutput() + p.readAllStandardError()};
        };
        const auto [ok, lines] = nodeLines("hardware");
        QCOMPARE(ok, 0);
        QCOMPARE(lines,
                 QByteArray("NodeName=compute-1 NodeAddr=10.103.0.21 CPUs=1 RealMemory=768 State=UNKNOWN\n"
                            "NodeName=compute-2 NodeAddr=10.103.0.22 CPUs=2 RealMemory=3584 State=UNKNOWN\n"
                            "PartitionName=cpu Nodes=compute-1,compute-2 Default=YES MaxTime=INFINITE State=UP\n"));
        const auto [failed, why] = nodeLines("short");
        QVERIFY(failed != 0);
        QVERIFY2(why.contains("does not list compute-2"), why.constData());
        const auto slots = bundle.node(QStringLiteral("controller"))->output.secretSlots;
        QVERIFY(slots.contains(SecretSlot::labHardware(QStringLiteral("/etc/openfactory/slurm-native/hardware"))));
        // Accounting: slurmdbd beside slurmctld, its database password a per-run secret that the
        // controller adds to slurmdbd.conf at boot (no file of the bundle carries one).
        QVERIFY(
            conf.contains("AccountingStorageType=accounting_storage/slurmdbd\nAccountingStorageHost=10.103.0.10\n"));
        const QByteArray dbd =
            entry(bundle, QStringLiteral("nodes/controller/overlay/etc/openfactory/slurm-native/slurmdbd.conf"));
        QVERIFY(dbd.contains("DbdHost=controller\n") && dbd.contains("StorageType=accounting_storage/mysql\n"));
        static const QRegularExpression storagePass(QStringLiteral("StoragePass=[A-Za-z0-9]"));
        const auto all = bundle.files();
        for (auto it = all.cbegin(); it != all.cend(); ++it)
            QVERIFY2(!QString::fromUtf8(it.value().content).contains(storagePass), qPrintable(it.key()));
        const auto password = std::find_if(slots.cbegin(), slots.cend(),
                                           [](const SecretSlot &slot) { return slot.name == u"slurmdbd-db-password"; });
        QVERIFY(password != slots.cend());
        QCOMPARE(password->recipe, SecretSlot::Recipe::Password);
        QCOMPARE(password->mode, 0400);
        QVERIFY(
            entry(bundle,
                  QStringLiteral("nodes/controller/overlay/etc/systemd/system/slurmctld.service.d/10-labforge.conf"))
                .contains("After=slurmdbd.service\n"));
        const auto files = bundle.files();
        for (const char *node : {"compute-1", "compute-2", "login-ops"}) {
            const auto conf =
                files.value(QStringLiteral("nodes/%1/overlay/etc/slurm/slurm.conf").arg(QLatin1String(node)));
            QVERIFY2(conf.content.isEmpty(), node); // configless: no copy to drift
        }
        QCOMPARE(files.value(QStringLiteral("nodes/login-ops/overlay/etc/slurm/slurm.conf")).symlinkTarget,
                 QStringLiteral("/run/slurm/conf/slurm.conf"));
        QVERIFY(entry(bundle, QStringLiteral("nodes/compute-1/overlay/etc/default/slurmd"))
                    .contains("SLURMD_OPTIONS='--conf-server 10.103.0.10:6817'"));
        QVERIFY(entry(bundle, QStringLiteral("nodes/login-ops/overlay/etc/default/sackd"))
                    .contains("SACKD_OPTIONS='--conf-server 10.103.0.10:6817'"));
        const QByteArray env =
            entry(bundle, QStringLiteral("nodes/controller/overlay/etc/openfactory/slurm-native/env"));
        QVERIFY(env.contains("OF_NFS_SERVER='10.103.0.40'"));
        QVERIFY(env.contains("OF_STATE_EXPORT='/srv/hpc/slurmctld'"));
        // The state export belongs to uid 401: every Slurm image gives the slurm user that id.
        QVERIFY(entry(bundle, QStringLiteral("nodes/controller/build.sh")).contains("usermod -u 401 -g 401 slurm"));
    }

    // A partition name that would add a line to slurm.conf is refused by the generator itself.
    void slurmConfRefusesNamesThatShapeLines()
    {
        Lab lab = TestLabs::builtIn(QStringLiteral("slurm-native"));
        lab.node(QStringLiteral("controller"))
            ->recipe.services[0]
            .config.insert(QStringLiteral("partition"), QStringLiteral("cpu\nSlurmUser=root"));
        const Bundle bundle = BundleGenerator::generate(lab);
        QVERIFY2(bundle.errors.join(u'\n').contains(QStringLiteral("is not a Slurm cluster or partition name")),
                 qPrintable(bundle.errors.join(u'\n')));
        QVERIFY(!bundle.files()
                     .value(QStringLiteral("nodes/controller/overlay/etc/openfactory/slurm-native/slurm.conf"))
                     .content.contains("SlurmUser=root"));
    }

    void mungeKeyArrivesOnlyThroughTheSeed()
    {
        const Bundle bundle = BundleGenerator::generate(TestLabs::builtIn(QStringLiteral("slurm-native")));
        for (const Bundle::NodeImage &n : bundle.nodes) {
            const bool slurm = n.nodeId != QLatin1String("storage") && n.nodeId != QLatin1String("observability");
            const auto munge = std::find_if(n.output.secretSlots.cbegin(), n.output.secretSlots.cend(),
                                            [](const SecretSlot &slot) { return slot.name == u"munge-key"; });
            QCOMPARE(munge != n.output.secretSlots.cend(), slurm);
            if (slurm) {
                QCOMPARE(munge->path, QStringLiteral("/etc/munge/munge.key"));
                QCOMPARE(munge->mode, 0400);
                QCOMPARE(munge->owner, QStringLiteral("munge"));
                QVERIFY(entry(bundle, QStringLiteral("nodes/%1/secret-slots.txt").arg(n.nodeId))
                            .contains("munge-key:/etc/munge/munge.key mode 0400 owner munge, random-bytes(1024)"));
            }
            for (const GeneratedFile &f : n.output.files)
                QVERIFY2(!f.path.startsWith(QLatin1String("/etc/munge/")), qPrintable(f.path));
            if (slurm)
                QVERIFY(entry(bundle, QStringLiteral("nodes/%1/build.sh").arg(n.nodeId))
                            .contains("rm -f /etc/munge/munge.key"));
        }
    }

    void prometheusScrapesEveryNodeExporter()
    {
        const Lab lab = TestLabs::builtIn(QStringLiteral("slurm-native"));
        const Bundle bundle = BundleGenerator::generate(lab);
        const QByteArray config =
            entry(bundle, QStringLiteral("nodes/observability/overlay/etc/prometheus/prometheus.yml"));
        for (const Node &n : lab.nodes) {
            QVERIFY2(config.contains("node: " + n.id.toUtf8() + '\n'), qPrintable(n.id));
            QVERIFY2(config.contains('"' + n.ip().toUtf8() + ":9100\""), qPrintable(n.id));
        }
        Lab none = lab;
        for (Node &n : none.nodes)
            n.recipe.features.removeAll(QStringLiteral("node-exporter"));
        QVERIFY(BundleGenerator::generate(none).errors.join(u'\n').contains(
            QStringLiteral("node observability: prometheus: no node of the lab has the node-exporter feature")));
    }

    void pinsLockMustPinEveryDebianPackage()
    {
        QJsonObject root = QJsonDocument::fromJson(PinsLock::builtIn().toJson()).object();
        QJsonObject components = root.value(QStringLiteral("components")).toObject();
        QJsonObject slurm = components.value(QStringLiteral("slurm-debian")).toObject();
        QStringList packages = slurm.value(QStringLiteral("debian_packages")).toVariant().toStringList();
        QVERIFY(packages.removeAll(QStringLiteral("slurmctld")) == 1);
        slurm.insert(QStringLiteral("debian_packages"), QJsonArray::fromStringList(packages));
        components.insert(QStringLiteral("slurm-debian"), slurm);
        root.insert(QStringLiteral("components"), components);
        QString error;
        const auto pins = PinsLock::fromJson(QJsonDocument(root).toJson(), &error);
        QVERIFY2(pins, qPrintable(error));
        const Bundle bundle = BundleGenerator::generate(TestLabs::builtIn(QStringLiteral("slurm-native")), *pins);
        QVERIFY2(bundle.errors.join(u'\n').contains(
                     QStringLiteral("node controller: slurm-native: the pins lock does not pin the Debian package "
                                    "slurmctld under slurm-debian")),
                 qPrintable(bundle.errors.join(u'\n')));
        QByteArray bad = PinsLock::builtIn().toJson();
        bad.replace("\"version\": \"24.11.5-4+deb13u1\"", "\"version\": \"24.11.5; rm -rf /\"");
        QVERIFY(!PinsLock::fromJson(bad, &error));
        QVERIFY2(error.contains(QStringLiteral("/components/slurm-debian/version")), qPrintable(error));
    }

    // The images the reference lab starts are pinned on the node that renders their manifests:
    // the controller's openfactory-pin-images (Helm's post-renderer, and the filter before
    // Flannel's kubectl apply) rewrites each to the lock's digest, and refuses an image the
    // lock does not list, one it has no digest for, and a digest it does not give, writing
    // nothing. The image builder refuses a node whose image has no digest.
    void manifestsRunTheLocksImageDigests()
    {
        PinsLock lock = PinsLock::builtIn();
        QString error;
        int n = 0;
        for (const PinsLock::Component &c : PinsLock::builtIn().components()) {
            for (const PinnedArtifact &a : c.artifacts) {
                if (a.sha256.isEmpty() && !(c.name == QLatin1String("slurm") && a.name == QLatin1String("slurmd")))
                    QVERIFY2(lock.pinFirstPull(c.name, a.name, QStringLiteral("%1").arg(++n, 64, 10, QLatin1Char('0')),
                                               QStringLiteral("first pull"), &error),
                             qPrintable(error));
            }
        }
        const Bundle bundle = BundleGenerator::generate(TestLabs::builtIn(QStringLiteral("slurm-hpc")), lock);
        QVERIFY2(bundle.errors.isEmpty(), qPrintable(bundle.errors.join(u'\n')));
        QTemporaryDir dir;
        const auto write = [&](const QString &from, const QString &to) {
            QFile f(dir.filePath(to));
            return f.open(QIODevice::WriteOnly) && f.write(entry(bundle, from)) >= 0;
        };
        const QString root = QStringLiteral("nodes/controller/overlay");
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("tables")));
        QVERIFY(write(root + QStringLiteral("/usr/local/lib/openfactory/pin-images"), QStringLiteral("pin-images")));
        QVERIFY(write(root + QStringLiteral("/etc/openfactory/images.d/slinky-slurm.pinned"),
                      QStringLiteral("tables/slinky-slurm.pinned")));
        QVERIFY(write(root + QStringLiteral("/etc/openfactory/images.d/kubeadm-lab.pinned"),
                      QStringLiteral("tables/kubeadm-lab.pinned")));
        const auto pin = [&](const QByteArray &manifest, QString *err) {
            QProcess p;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(QStringLiteral("OPENFACTORY_IMAGE_TABLES"), dir.filePath(QStringLiteral("tables")));
            p.setProcessEnvironment(env);
            p.start(QStringLiteral("bash"), {dir.filePath(QStringLiteral("pin-images"))});
            p.write(manifest);
            p.closeWriteChannel();
            p.waitForFinished(30000);
            *err = QString::fromUtf8(p.readAllStandardError());
            return p.exitCode() == 0 ? p.readAllStandardOutput() : QByteArray("FAILED");
        };
        QStringList missing;
        const auto digestOf = [&](const QString &component, const QString &name) {
            return lock.artifact(component, name, &missing).sha256;
        };
        // The charts' values name every pinned image by its digest too (each chart's own key).
        const QString share = QStringLiteral("nodes/controller/overlay/usr/local/share/openfactory/slinky/");
        const QByteArray slurmValues = entry(bundle, share + QStringLiteral("values-slurm.yaml"));
        QVERIFY(slurmValues.contains("digest: \"sha256:"
                                     + digestOf(QStringLiteral("slurm"), QStringLiteral("slurmctld")).toLatin1()
                                     + "\"\n      repository: ghcr.io/slinkyproject/slurmctld\n"));
        QVERIFY(slurmValues.contains("digest: \"sha256:"
                                     + digestOf(QStringLiteral("slurm"), QStringLiteral("alpine")).toLatin1()
                                     + "\"\n      repository: docker.io/library/alpine\n"));
        // slurmd has no digest in this lock: its tag alone (the post-renderer refuses it on the node).
        QVERIFY(slurmValues.contains("image:\n        repository: ghcr.io/slinkyproject/slurmd\n"));
        QVERIFY(entry(bundle, share + QStringLiteral("values-slurm-operator.yaml"))
                    .contains("digest: \"sha256:"
                              + digestOf(QStringLiteral("slinky"), QStringLiteral("slurm-operator-image")).toLatin1()));
        QVERIFY(entry(bundle, share + QStringLiteral("values-kube-prometheus-stack.yaml"))
                    .contains(
                        "registry: quay.io\n      repository: prometheus/prometheus\n"
                        "      sha: \""
                        + digestOf(QStringLiteral("kube-prometheus-stack"), QStringLiteral("prometheus")).toLatin1()));

        QString err;
        const QByteArray out = pin("spec:\n  containers:\n  - name: slurmctld\n"
                                   "    image: ghcr.io/slinkyproject/slurmctld:26.05-ubuntu26.04\n"
                                   "  - image: \"alpine:latest\"\n"
                                   "  - image: ghcr.io/flannel-io/flannel:v0.28.8\n",
                                   &err);
        QVERIFY2(out != "FAILED", qPrintable(err));
        QCOMPARE(QString::fromUtf8(out),
                 QStringLiteral("spec:\n  containers:\n  - name: slurmctld\n"
                                "    image: ghcr.io/slinkyproject/slurmctld:26.05-ubuntu26.04@sha256:%1\n"
                                "  - image: \"docker.io/library/alpine:latest@sha256:%2\"\n"
                                "  - image: ghcr.io/flannel-io/flannel:v0.28.8@sha256:%3\n")
                     .arg(digestOf(QStringLiteral("slurm"), QStringLiteral("slurmctld")),
                          digestOf(QStringLiteral("slurm"), QStringLiteral("alpine")),
                          digestOf(QStringLiteral("flannel"), QStringLiteral("flannel"))));
        // A comment, a wider sequence indent, a quoted JSON member: still checked and rewritten.
        QVERIFY(pin("  -   image: alpine:latest # the sidecar\n", &err).contains("alpine:latest@sha256:"));
        QCOMPARE(pin("    \"image\": \"alpine:latest\",\n", &err),
                 QStringLiteral("    \"image\": \"docker.io/library/alpine:latest@sha256:%1\",\n")
                     .arg(digestOf(QStringLiteral("slurm"), QStringLiteral("alpine")))
                     .toUtf8());
        QCOMPARE(pin("  - image: busybox:1.36 # not pinned\n", &err), QByteArray("FAILED"));
        QCOMPARE(pin("  - {name: z, image: busybox:1.36}\n", &err), QByteArray("FAILED"));
        QVERIFY2(err.contains(QStringLiteral("a flow mapping")), qPrintable(err));
        QCOMPARE(pin("    image: docker.io/library/busybox:1.36\n", &err), QByteArray("FAILED"));
        QVERIFY2(err.contains(QStringLiteral("docker.io/library/busybox:1.36 is not in the pins lock")),
                 qPrintable(err));
        QCOMPARE(pin("    image: ghcr.io/slinkyproject/slurmd:26.05-ubuntu26.04\n", &err), QByteArray("FAILED"));
        QVERIFY2(err.contains(QStringLiteral("ghcr.io/slinkyproject/slurmd:26.05-ubuntu26.04 has no digest")),
                 qPrintable(err));
        QCOMPARE(pin("    image: ghcr.io/slinkyproject/slurmctld@sha256:" + QByteArray(64, 'f') + "\n", &err),
                 QByteArray("FAILED"));
        QVERIFY2(err.contains(QStringLiteral("carries a digest the pins lock does not give it")), qPrintable(err));
        // The charts go in through it, and it is Helm's post-renderer plugin.
        const QByteArray script = entry(bundle, root + QStringLiteral("/usr/local/lib/openfactory/slinky-slurm.sh"));
        QCOMPARE(script.count("\"${pinned[@]}\""), 4);
        QVERIFY(entry(bundle,
                      root
                          + QStringLiteral("/usr/local/share/openfactory/slinky/helm-plugins/"
                                           "openfactory-pin-images/plugin.yaml"))
                    .contains("type: postrenderer/v1"));
        // Every member pins kubeadm's images; the node lists its images for the builder and kits.
        for (const Bundle::NodeImage &node : bundle.nodes) {
            if (node.nodeId == QLatin1String("storage"))
                continue;
            QVERIFY2(std::any_of(node.output.images.begin(), node.output.images.end(),
                                 [](const PinnedArtifact &i) { return i.name == QLatin1String("kube-apiserver"); }),
                     qPrintable(node.nodeId));
        }
    }

    // A site's registry mirrors reach every member's containerd as hosts.toml files (containerd
    // checks the digests itself), and survive a save and load.
    void registryMirrorsReachContainerd()
    {
        Lab lab = TestLabs::builtIn(QStringLiteral("slurm-hpc"));
        lab.kubernetes->registryMirrors = RegistryMirror::fromText(
            QStringLiteral("docker.io=https://mirror.site:5000, ghcr.io=http://10.103.0.5:5000"));
        QCOMPARE(RegistryMirror::toText(lab.kubernetes->registryMirrors),
                 QStringLiteral("docker.io=https://mirror.site:5000, ghcr.io=http://10.103.0.5:5000"));
        const auto reread = LabReader::read(LabWriter::toBytes(lab));
        QVERIFY(reread.lab);
        QCOMPARE(reread.lab->kubernetes->registryMirrors, lab.kubernetes->registryMirrors);
        const Bundle bundle = BundleGenerator::generate(lab);
        QVERIFY2(bundle.errors.isEmpty(), qPrintable(bundle.errors.join(u'\n')));
        const QString base = QStringLiteral("nodes/compute-1/overlay/etc/containerd/");
        QCOMPARE(entry(bundle, base + QStringLiteral("certs.d/docker.io/hosts.toml")),
                 QByteArray("# docker.io through the site's mirror (generated by labforge from "
                            "plan.kubernetes.registry_mirrors)\nserver = \"https://registry-1.docker.io\"\n\n"
                            "[host.\"https://mirror.site:5000\"]\n  capabilities = [\"pull\", \"resolve\"]\n"));
        QVERIFY(entry(bundle, base + QStringLiteral("certs.d/ghcr.io/hosts.toml"))
                    .contains("server = \"https://ghcr.io\""));
        QVERIFY(
            entry(bundle, base + QStringLiteral("config.toml")).contains("config_path = \"/etc/containerd/certs.d\""));
        // A value that would break out of its TOML string (or its path) is refused, not written.
        lab.kubernetes->registryMirrors = {RegistryMirror {QStringLiteral("../x"), QStringLiteral("https://m\"]")}};
        QVERIFY(BundleGenerator::generate(lab).errors.join(u'\n').contains(QStringLiteral("is not a registry host")));
    }

    void gpuGresHookRenders()
    {
        SlinkySlurmGenerator::Settings s;
        s.clusterName = QStringLiteral("c");
        s.controller = QStringLiteral("controller");
        s.computes = {QStringLiteral("a")};
        s.gpuGresHook = true;
        const QByteArray yaml = YamlWriter::write(SlinkySlurmGenerator::slurmValues(s));
        QVERIFY(yaml.contains("  gpu:\n"));
        QVERIFY(yaml.contains("GresTypes:\n    - gpu\n") || yaml.contains("GresTypes:\n    - gpu"));
        QVERIFY(yaml.contains("- \"gpu:1\""));
    }

    void yamlWriterQuotesWhatYamlWouldMisread_data()
    {
        QTest::addColumn<QJsonValue>("value");
        QTest::addColumn<QByteArray>("yaml");
        QTest::newRow("plain") << QJsonValue(QStringLiteral("login-ops")) << QByteArray("login-ops\n");
        QTest::newRow("yes is quoted") << QJsonValue(QStringLiteral("YES")) << QByteArray("\"YES\"\n");
        QTest::newRow("number-like") << QJsonValue(QStringLiteral("10.103.0.40")) << QByteArray("\"10.103.0.40\"\n");
        QTest::newRow("empty") << QJsonValue(QString()) << QByteArray("\"\"\n");
        QTest::newRow("colon") << QJsonValue(QStringLiteral("a: b")) << QByteArray("\"a: b\"\n");
        QTest::newRow("bool") << QJsonValue(true) << QByteArray("true\n");
        QTest::newRow("nested") << QJsonValue(
            QJsonObject {{QStringLiteral("a"),
                          QJsonArray {QJsonObject {{QStringLiteral("b"), 1}, {QStringLiteral("c"), QJsonArray()}}}}})
                                << QByteArray("a:\n- b: 1\n  c: []\n");
    }
    void yamlWriterQuotesWhatYamlWouldMisread()
    {
        QFETCH(QJsonValue, value);
        QFETCH(QByteArray, yaml);
        QCOMPARE(YamlWriter::write(value), yaml);
    }

    void envFileQuotesForTheShell()
    {
        EnvFile env;
        env.add(QStringLiteral("A"), QStringLiteral("it's $HOME"));
        QCOMPARE(env.bytes(), QByteArray("A='it'\\''s $HOME'\n"));
    }
};

QTEST_GUILESS_MAIN(TestGenerators)
#include "tst_generators.moc"
