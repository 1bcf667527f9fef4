// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
//
// The services a native HPC lab lives with, as the generators write them: users from the
// lab's directory, Slurm tokens for the REST API, SSH into a compute node only through a
// job (pam_slurm_adopt), and alerts that reach a receiver in the lab. Scripts that can run
// on this host (the PAM edit, the alert receiver) are run here; the VM test runs the rest.

#include "BundleGenerator.h"
#include "DirectoryGenerator.h"
#include "FeatureModules.h"
#include "PrometheusGenerator.h"
#include "TestLabs.h"

#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

using namespace Labforge;

namespace {

const GeneratedFile *fileOf(const Bundle &b, const QString &node, const QString &path)
{
    const Bundle::NodeImage *n = b.node(node);
    if (!n)
        return nullptr;
    for (const GeneratedFile &f : n->output.files) {
        if (f.path == path)
            return &f;
    }
    return nullptr;
}

QByteArray contentOf(const Bundle &b, const QString &node, const QString &path)
{
    const GeneratedFile *f = fileOf(b, node, path);
    return f ? f->content : QByteArray();
}

const SecretSlot *slotNamed(const Bundle &b, const QString &node, const QString &name)
{
    const Bundle::NodeImage *n = b.node(node);
    for (const SecretSlot &s : n ? n->output.secretSlots : QList<SecretSlot>()) {
        if (s.name == name)
            return &s;
    }
    return nullptr;
}

QString templatePath(const char *feature, const char *name)
{
    return TestLabs::sourceDir()
        + QStringLiteral("/generators/features/%1/templates/%2").arg(QLatin1String(feature), QLatin1String(name));
}

int freePort()
{
    QTcpServer probe;
    probe.listen(QHostAddress::LocalHost);
    return probe.serverPort();
}

} // namespace

class TestLabServices : public QObject
{
    Q_OBJECT

public:
    static void initMain() { FeatureModules::install(); }

private Q_SLOTS:
    void directoryServesOneLabOfUsers()
    {
        const Lab lab = TestLabs::builtIn(QStringLiteral("slurm-native"));
        const Bundle bundle = BundleGenerator::generate(lab);
        QVERIFY2(bundle.ok(), qPrintable(bundle.errors.join(u'\n')));
        QCOMPARE(DirectoryGenerator::server(lab)->id, QStringLiteral("controller"));
        for (const Node &n : lab.nodes) {
            const bool server = n.id == QLatin1String("controller");
            const GeneratedFile *sssd = fileOf(bundle, n.id, QStringLiteral("/etc/sssd/sssd.conf"));
            QVERIFY2(sssd, qPrintable(n.id));
            QCOMPARE(sssd->mode, 0600); // sssd refuses a configuration others can read
            QVERIFY(sssd->content.contains("ldap_uri = ldap://10.103.0.10\n"));
            QVERIFY(sssd->content.contains("ldap_search_base = dc=openfactory,dc=lab\n"));
            QVERIFY(sssd->content.contains("offline_timeout_max = 20\n")); // back soon after the directory
            // Every SSSD process tolerates a stalled emulated guest, and SSSD that gave up comes back.
            QCOMPARE(sssd->content.count("\ntimeout = 30\n"), 4);
            const QByteArray dropIn =
                contentOf(bundle, n.id, QStringLiteral("/etc/systemd/system/sssd.service.d/openfactory.conf"));
            QVERIFY(dropIn.contains("\nRestart=on-failure\n"));
            QVERIFY(dropIn.contains("\nStartLimitIntervalSec=0\n"));
            QCOMPARE(contentOf(bundle, n.id, QStringLiteral("/etc/ssh/sshd_config.d/20-directory.conf"))
                         .split('\n')
                         .value(1),
                     QByteArray("AllowUsers alice"));
            const auto &out = bundle.node(n.id)->output;
            QVERIFY(out.units.contains(QStringLiteral("sssd.service")));
            QCOMPARE(out.units.contains(QStringLiteral("openfactory-directory.service")), server);
            QCOMPARE(std::any_of(out.packages.cbegin(), out.packages.cend(),
                                 [](const QString &p) { return p.startsWith(QLatin1String("slapd=")); }),
                     server);
            QCOMPARE(slotNamed(bundle, n.id, QStringLiteral("directory-admin-password")) != nullptr, server);
        }
        const SecretSlot *admin =
            slotNamed(bundle, QStringLiteral("controller"), QStringLiteral("directory-admin-password"));
        QCOMPARE(admin->path, DirectoryGenerator::adminPasswordFile());
        QCOMPARE(admin->mode, 0400);
        QCOMPARE(admin->recipe, SecretSlot::Recipe::Password);
        // The admin password reaches slapd only as the hash made at boot.
        const QByteArray slapd =
            contentOf(bundle, QStringLiteral("controller"), QStringLiteral("/etc/ldap/openfactory/slapd.conf"));
        QVERIFY(slapd.contains("include /etc/ldap/openfactory/rootpw.conf\n"));
        QVERIFY(!slapd.contains("\nrootpw"));
        const QByteArray entries =
            contentOf(bundle, QStringLiteral("controller"), QStringLiteral("/etc/ldap/openfactory/entries.ldif"));
        QVERIFY(entries.contains("dn: uid=alice,ou=people,dc=openfactory,dc=lab\n"));
        QVERIFY(entries.contains("uidNumber: 10001\ngidNumber: 10001\nhomeDirectory: /home/alice\n"));
        QVERIFY(entries.contains("dn: cn=hpc-users,ou=groups,dc=openfactory,dc=lab\n"));
        QVERIFY(!entries.contains("userPassword"));

        // Without a controller in it, the first node with the feature serves the directory.
        Lab other = lab;
        other.node(QStringLiteral("controller"))->recipe.features.removeAll(QStringLiteral("directory"));
        QCOMPARE(DirectoryGenerator::server(other)->id, QStringLiteral("compute-1"));
        const Bundle moved = BundleGenerator::generate(other);
        QVERIFY(contentOf(moved, QStringLiteral("storage"), QStringLiteral("/etc/sssd/sssd.conf"))
                    .contains("ldap_uri = ldap://10.103.0.21\n"));
        QVERIFY(slotNamed(moved, QStringLiteral("compute-1"), QStringLiteral("directory-admin-password")));
    }

    // The entries are LDIF records as slapadd reads them (slapadd itself runs in the VM test).
    void directoryEntriesAreLdif()
    {
        const QStringList records =
            QString::fromUtf8(DirectoryGenerator::entries()).trimmed().split(QStringLiteral("\n\n"));
        QCOMPARE(records.size(), 6);
        for (const QString &r : records) {
            QVERIFY2(r.startsWith(QLatin1String("dn: ")), qPrintable(r));
            for (const QString &line : r.split(u'\n'))
                QVERIFY2(line.contains(QLatin1String(": ")), qPrintable(line));
        }
    }

    void tokensAndAdoptionInSlurm()
    {
        const Bundle bundle = BundleGenerator::generate(TestLabs::builtIn(QStringLiteral("slurm-native")));
        const QByteArray conf =
            contentOf(bundle, QStringLiteral("controller"), QStringLiteral("/etc/openfactory/slurm-native/slurm.conf"));
        for (const char *line :
             {"AuthAltTypes=auth/jwt\n", "AuthAltParameters=jwt_key=/etc/openfactory/slurm-native/jwt.key\n",
              "PrologFlags=Contain\n"})
            QVERIFY2(conf.contains(line), line);
        const SecretSlot *key = slotNamed(bundle, QStringLiteral("controller"), QStringLiteral("slurm-jwt-key"));
        QVERIFY(key);
        QCOMPARE(key->recipe, SecretSlot::Recipe::RandomBytes);
        QCOMPARE(key->length, 32);
        QCOMPARE(key->owner, QStringLiteral("slurm"));
        QCOMPARE(key->mode, 0400);
        for (const char *node : {"compute-1", "login-ops", "storage"})
            QVERIFY2(!slotNamed(bundle, QString::fromLatin1(node), QStringLiteral("slurm-jwt-key")), node);
        const QByteArray rest = contentOf(bundle, QStringLiteral("controller"),
                                          QStringLiteral("/etc/systemd/system/openfactory-slurmrestd-jwt.service"));
        QVERIFY(rest.contains("Environment=SLURM_JWT=daemon\n"));
        QVERIFY(rest.contains("-a rest_auth/jwt 0.0.0.0:6820\n"));
        QVERIFY(rest.contains("User=slurmrestd\n"));

        // The compute nodes' sshd PAM stack, edited by the image's build script: run the same
        // lines on Debian 13's /etc/pam.d/sshd (its account and session includes).
        QByteArray build;
        for (const QString &c : bundle.node(QStringLiteral("compute-1"))->output.buildCommands) {
            if (c.contains(QLatin1String("pam_slurm_adopt")))
                build = c.toUtf8();
        }
        QVERIFY(!build.isEmpty());
        for (const Bundle::NodeImage &n : bundle.nodes) {
            const bool compute = n.nodeId.startsWith(QLatin1String("compute"));
            QCOMPARE(n.output.buildCommands.join(u'\n').contains(QLatin1String("pam_slurm_adopt")), compute);
        }
        QTemporaryDir dir;
        const QString pam = dir.filePath(QStringLiteral("sshd"));
        const QByteArray debian = "# PAM configuration for the Secure Shell service\n@include common-auth\n"
                                  "account    required     pam_nologin.so\n@include common-account\n"
                                  "session    required     pam_loginuid.so\n@include common-session\n"
                                  "@include common-password\n";
        QFile f(pam);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(debian);
        f.close();
        build.replace("/etc/pam.d/sshd", pam.toUtf8());
        for (int round = 0; round < 2; ++round) { // a second build run changes nothing
            QProcess sh;
            sh.start(
                QStringLiteral("bash"),
                {QStringLiteral("-euo"), QStringLiteral("pipefail"), QStringLiteral("-c"), QString::fromUtf8(build)});
            QVERIFY(sh.waitForFinished());
            QCOMPARE(sh.exitCode(), 0);
            QVERIFY(f.open(QIODevice::ReadOnly));
            QCOMPARE(f.readAll(),
                     QByteArray("# PAM configuration for the Secure Shell service\n@include common-auth\n"
                                "account    required     pam_nologin.so\n@include common-account\n"
                                "account [success=1 default=ignore] pam_succeed_if.so quiet uid < 10000\n"
                                "account required pam_slurm_adopt.so action_no_jobs=deny\n"
                                "session    required     pam_loginuid.so\n@include common-session-noninteractive\n"
                                "@include common-password\n"));
            f.close();
        }
    }

    void alertsReachTheLabsReceiver()
    {
        const Bundle bundle = BundleGenerator::generate(TestLabs::builtIn(QStringLiteral("slurm-native")));
        const QString node = QStringLiteral("observability");
        QVERIFY(contentOf(bundle, node, QStringLiteral("/etc/prometheus/prometheus.yml"))
                    .contains("scrape_interval: \"10s\""));
        const QByteArray rules = contentOf(bundle, node, QStringLiteral("/etc/prometheus/rules/labforge.yml"));
        QVERIFY(rules.contains("alert: LabNodeDown") && rules.contains("for: \"30s\""));
        const QByteArray am = contentOf(bundle, node, QStringLiteral("/etc/prometheus/alertmanager.yml"));
        QVERIFY2(am.contains("url: \"http://127.0.0.1:9095/\"") || am.contains("url: http://127.0.0.1:9095/"),
                 am.constData());
        QVERIFY(am.contains("send_resolved: true"));
        QVERIFY(bundle.node(node)->output.units.contains(QStringLiteral("openfactory-alert-log.service")));

        // The receiver itself, on this host: a notification as Alertmanager posts it, one
        // firing and one resolved alert, each a line of the log; a body that is not one is refused.
        QTemporaryDir dir;
        const QString log = dir.filePath(QStringLiteral("alerts.log"));
        const int port = freePort();
        QProcess receiver;
        receiver.start(QStringLiteral("python3"),
                       {templatePath("prometheus", "alert-log.py"), QString::number(port), log});
        QVERIFY(receiver.waitForStarted());
        const QString post =
            QStringLiteral(
                "import sys, time, urllib.request, urllib.error\n"
                "def send(body):\n"
                "    for _ in range(100):\n"
                "        try:\n"
                "            r = urllib.request.urlopen(urllib.request.Request('http://127.0.0.1:%1/', data=body, "
                "headers={'Content-Type': 'application/json'}))\n"
                "            return r.status\n"
                "        except urllib.error.HTTPError as e:\n"
                "            return e.code\n"
                "        except OSError:\n"
                "            time.sleep(0.1)\n"
                "print(send(sys.argv[1].encode()), send(b'not json'))\n")
                .arg(port);
        const QString notification = QStringLiteral(
            "{\"version\":\"4\",\"status\":\"firing\",\"receiver\":\"lab\",\"alerts\":["
            "{\"status\":\"firing\",\"labels\":{\"alertname\":\"LabNodeDown\",\"node\":\"compute-2\"},"
            "\"startsAt\":\"2026-01-01T10:00:00Z\"},"
            "{\"status\":\"resolved\",\"labels\":{\"alertname\":\"LabNodeDown\",\"node\":\"compute-1\\u001b[2J\"},"
            "\"startsAt\":\"2026-01-01T09:00:00Z\",\"endsAt\":\"2026-01-01T09:05:00Z\"}]}");
        QProcess client;
        client.start(QStringLiteral("python3"), {QStringLiteral("-c"), post, notification});
        QVERIFY(client.waitForFinished(30000));
        receiver.kill();
        receiver.waitForFinished();
        QCOMPARE(client.readAllStandardOutput().trimmed(), QByteArray("200 400"));
        QFile f(log);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = f.readAll().split('\n');
        QCOMPARE(lines.size(), 3);
        static const QRegularExpression time(QStringLiteral("^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ "));
        QVERIFY(time.match(QString::fromUtf8(lines[0])).hasMatch());
        QCOMPARE(lines[0].mid(21), QByteArray("firing LabNodeDown node=compute-2 startsAt=2026-01-01T10:00:00Z"));
        // A label's control characters never reach the log.
        QCOMPARE(lines[1].mid(21),
                 QByteArray("resolved LabNodeDown node=compute-1_[2J startsAt=2026-01-01T09:00:00Z "
                            "endsAt=2026-01-01T09:05:00Z"));
    }
};

QTEST_GUILESS_MAIN(TestLabServices)
#include "tst_labservices.moc"
