#include "BundleGenerator.h"
#include "BundleWriter.h"
#include "EnvFile.h"
#include "SlinkySlurmGenerator.h"
#include "TestLabs.h"
#include "YamlWriter.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
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
