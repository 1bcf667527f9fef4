// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "FeatureModules.h"
#include "LabSnapshots.h"
#include "LinkControl.h"
#include "RunInventory.h"
#include "RunnerPaths.h"
#include "SnapshotDisks.h"
#include "SshConfig.h"
#include "TerminalText.h"
#include "TestLabs.h"
#include "Validator.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <limits>

using namespace Labforge;

// The live verbs (status, console, exec, ssh, link, snapshot, down) read what a run left in
// the cache: a record anyone who can write there may have changed. Each case below is a
// hand-written run record in a cache root of its own; no VM, no libvirt daemon (the test
// driver, test:///default, stands in where a URI must open).
namespace {

const QString LabName = QStringLiteral("rec-lab");
const QString TestUri = QStringLiteral("test:///default");

struct Run
{
    int code = -1;
    QByteArray out;
    QByteArray err;
};

Run labforge(const QStringList &args, const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment())
{
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(qEnvironmentVariable("LABFORGE_BINARY"), args);
    if (!p.waitForFinished(60000))
        qFatal("labforge %s did not finish", qPrintable(args.join(QLatin1Char(' '))));
    return Run {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
                p.readAllStandardError()};
}

void write(const QString &path, const QByteArray &bytes, QFile::Permissions mode = {})
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
    f.close();
    if (mode)
        f.setPermissions(mode);
}

QByteArray read(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// A cache root with a run of `Lab` that looks up: its record and ssh_config (node n1).
class FakeRun
{
public:
    explicit FakeRun(const QJsonObject &overrides = {})
    {
        env.insert(QStringLiteral("LABFORGE_CACHE_DIR"), cache.path());
        qputenv("LABFORGE_CACHE_DIR", cache.path().toUtf8());
        QString error;
        dir = RunnerPaths::run(LabName, &error);
        QDir().mkpath(dir);
        write(dir + QStringLiteral("/ssh_config"), "Host n1\n  HostName 192.0.2.10\n  User ops\n");
        QDir().mkpath(dir + QStringLiteral("/secrets"));
        write(dir + QStringLiteral("/secrets/id_ed25519"), "not a key\n");
        QJsonObject record {{QStringLiteral("format"), QStringLiteral("labforge/run-inventory@1")},
                            {QStringLiteral("run"), QStringLiteral("r1")},
                            {QStringLiteral("lab"), LabName},
                            {QStringLiteral("uri"), TestUri},
                            {QStringLiteral("domains"),
                             QJsonArray {QJsonObject {{QStringLiteral("name"), QStringLiteral("rec-lab-n1")},
                                                      {QStringLiteral("node"), QStringLiteral("n1")},
                                                      {QStringLiteral("console_log"), dir + QStringLiteral("/n1.log")},
                                                      {QStringLiteral("role"), QStringLiteral("web")}}}}};
        for (auto it = overrides.begin(); it != overrides.end(); ++it)
            record.insert(it.key(), it.value());
        write(RunInventory(dir).path(), QJsonDocument(record).toJson());
    }
    ~FakeRun() { qunsetenv("LABFORGE_CACHE_DIR"); }
    FakeRun(const FakeRun &) = delete;
    FakeRun &operator=(const FakeRun &) = delete;

    QTemporaryDir cache;
    QString dir;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
};

QJsonObject domainsOn(const QString &uri)
{
    return QJsonObject {{QStringLiteral("hosts"),
                         QJsonObject {{QStringLiteral("domains"), QJsonObject {{QStringLiteral("rec-lab-n1"), uri}}}}}};
}

} // namespace

class TestLiveRecord : public QObject
{
    Q_OBJECT

public:
    // The composition root: the recipe features, as app/main.cpp installs them.
    static void initMain() { Labforge::FeatureModules::install(); }

private Q_SLOTS:
    void initTestCase() { QVERIFY(QFile::exists(qEnvironmentVariable("LABFORGE_BINARY"))); }

    // A URI read back from a record goes through a lab host's URI rules before libvirt sees
    // it: qemu+ext's command= would run a program, keyfile= would have ssh read a file.
    void recordUrisAreCheckedLikeALabsHosts_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("uri");
        QTest::newRow("run uri runs a program") << "/uri"
                                                << "qemu+ext:///system?command=PROG";
        QTest::newRow("domain uri runs a program") << "/plan/hosts/domains/rec-lab-n1"
                                                   << "qemu+ext:///system?command=PROG";
        QTest::newRow("socket") << "/uri"
                                << "qemu+unix:///system?socket=/tmp/x.sock";
        QTest::newRow("keyfile") << "/plan/hosts/domains/rec-lab-n1"
                                 << "qemu+ssh://root@there.example/system?keyfile=/etc/shadow";
        QTest::newRow("password") << "/plan/hosts/domains/rec-lab-n1"
                                  << "qemu+ssh://root:s3cret@there.example/system";
    }
    void recordUrisAreCheckedLikeALabsHosts()
    {
        QFETCH(QString, key);
        QFETCH(QString, uri);
        QTemporaryDir scratch;
        const QString marker = scratch.filePath(QStringLiteral("ran"));
        const QString prog = scratch.filePath(QStringLiteral("prog"));
        write(prog, "#!/bin/sh\ntouch '" + marker.toUtf8() + "'\n",
              QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        uri.replace(QStringLiteral("PROG"), prog);
        const FakeRun run(key == QLatin1String("/uri") ? QJsonObject {{QStringLiteral("uri"), uri}}
                                                       : QJsonObject {{QStringLiteral("plan"), domainsOn(uri)}});
        RunInventory inventory(run.dir);
        QString error;
        QVERIFY(!inventory.load(&error));
        QVERIFY(inventory.isRefused());
        QVERIFY2(error.contains(inventory.path()) && error.contains(key + QLatin1Char(':')), qPrintable(error));
        QVERIFY2(!error.contains(QStringLiteral("s3cret")), qPrintable(error));

        const Run status = labforge({QStringLiteral("status"), QStringLiteral("--uri"), TestUri}, run.env);
        const Run console = labforge({QStringLiteral("console"), LabName, QStringLiteral("n1")}, run.env);
        const Run node =
            labforge({QStringLiteral("node"), QStringLiteral("stop"), LabName, QStringLiteral("n1")}, run.env);
        const Run down = labforge({QStringLiteral("down"), LabName}, run.env);
        for (const Run &r : {status, console, node, down}) {
            QVERIFY2((r.out + r.err).contains(inventory.path().toUtf8()), (r.out + r.err).constData());
            QVERIFY2(!(r.out + r.err).contains("s3cret"), (r.out + r.err).constData());
        }
        QCOMPARE_NE(down.code, 0); // a refused record is not taken for no record
        QVERIFY(QFile::exists(inventory.path()));
        QVERIFY2(!QFile::exists(marker), "a URI from the run record ran a program");
    }

    // libvirt that cannot be reached (nothing listens on port 1; the machine's own libvirt is
    // never asked) is said, with its URI and libvirt's error, and status exits 2: not "no lab
    // is up", which it cannot know; the same in --json and with a LAB.
    void statusSaysWhenLibvirtCannotBeReached()
    {
        QTemporaryDir cache;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("LABFORGE_CACHE_DIR"), cache.path());
        const QString nowhere = QStringLiteral("qemu+tcp://127.0.0.1:1/system");
        const Run text = labforge({QStringLiteral("status"), QStringLiteral("--uri"), nowhere}, env);
        QCOMPARE(text.code, 2);
        // libvirt's own words follow the URI: "unable to connect to server at '127.0.0.1:1': …".
        const QRegularExpression said(
            QStringLiteral(
                "^libvirt could not be reached at %1: [^;\\n]*127\\.0\\.0\\.1:1[^;\\n]*; whether a lab is up "
                "there is not known\n")
                .arg(QRegularExpression::escape(nowhere)));
        QVERIFY2(said.match(QString::fromUtf8(text.out)).hasMatch() && !text.out.contains("no lab is up"),
                 text.out.constData());
        const Run json =
            labforge({QStringLiteral("status"), QStringLiteral("--json"), QStringLiteral("--uri"), nowhere}, env);
        QCOMPARE(json.code, 2);
        const QJsonObject libvirt =
            QJsonDocument::fromJson(json.out).object().value(QStringLiteral("libvirt")).toObject();
        QCOMPARE(libvirt.value(QStringLiteral("uri")).toString(), nowhere);
        QVERIFY2(!libvirt.value(QStringLiteral("error")).toString().isEmpty(), json.out.constData());
        const Run one = labforge({QStringLiteral("status"), LabName, QStringLiteral("--uri"), nowhere}, env);
        QCOMPARE(one.code, 2);
        QVERIFY2(one.out.startsWith("libvirt could not be reached") && !one.out.contains("is not up here"),
                 one.out.constData());
        // Reached (the test driver): as before.
        const Run reached = labforge({QStringLiteral("status"), QStringLiteral("--uri"), TestUri}, env);
        QCOMPARE(reached.code, 0);
        QVERIFY2(reached.out.startsWith("no lab is up"), reached.out.constData());
    }

    // --uri is held to the same rules (the run records it), a password above all.
    void uriOptionsCarryNoPassword()
    {
        const FakeRun run;
        for (const char *command : {"status", "down"}) {
            const Run r = labforge({QString::fromLatin1(command), QStringLiteral("--uri"),
                                    QStringLiteral("qemu+ssh://root:s3cret@there.example/system")},
                                   run.env);
            QCOMPARE(r.code, 2);
            QVERIFY2(r.err.contains("carries a password") && !r.err.contains("s3cret"), r.err.constData());
        }
    }

    // A lab's host URI with a password is refused at /hosts/N/uri, and the message keeps it out.
    void labHostUriCarriesNoPassword()
    {
        Labforge::Lab lab = TestLabs::builtIn(QStringLiteral("web-lab"));
        lab.hosts = {LabHost {QStringLiteral("here"), QStringLiteral("qemu:///system"), QStringLiteral("10.0.0.1")},
                     LabHost {QStringLiteral("there"), QStringLiteral("qemu+ssh://root:s3cret@there.example/system"),
                              QStringLiteral("10.0.0.2")}};
        const Problems problems = Validator::validate(lab);
        const auto it = std::find_if(problems.cbegin(), problems.cend(), [](const Problem &p) {
            return p.rule == QLatin1String("host.uri-invalid") && p.pointer == QLatin1String("/hosts/1/uri");
        });
        QVERIFY(it != problems.cend());
        QVERIFY2(it->message.contains(QStringLiteral("password")) && !it->message.contains(QStringLiteral("s3cret")),
                 qPrintable(it->message));
    }

    // `console --read-only` reads the run's own log only, and shows the guest's bytes through
    // the terminal filter unless --raw asks for them as they are.
    void consoleReadsTheRunsLogFiltered()
    {
        QTemporaryDir outside;
        write(outside.filePath(QStringLiteral("secret")), "TOP-SECRET-LINE\n");
        {
            const FakeRun elsewhere(
                QJsonObject {{QStringLiteral("domains"),
                              QJsonArray {QJsonObject {
                                  {QStringLiteral("name"), QStringLiteral("rec-lab-n1")},
                                  {QStringLiteral("node"), QStringLiteral("n1")},
                                  {QStringLiteral("console_log"), outside.filePath(QStringLiteral("secret"))}}}}});
            const Run r = labforge({QStringLiteral("console"), LabName, QStringLiteral("n1"),
                                    QStringLiteral("--read-only"), QStringLiteral("--seconds"), QStringLiteral("1")},
                                   elsewhere.env);
            QCOMPARE(r.code, 2);
            QVERIFY2(!r.out.contains("TOP-SECRET-LINE"), r.out.constData());
            QVERIFY2(r.err.contains("not in the run's directory"), r.err.constData());
        }
        const FakeRun run;
        // A link in the run to a file outside it is not followed either.
        QVERIFY(QFile::link(outside.filePath(QStringLiteral("secret")), run.dir + QStringLiteral("/n1.log")));
        const Run linked = labforge({QStringLiteral("console"), LabName, QStringLiteral("n1"),
                                     QStringLiteral("--read-only"), QStringLiteral("--seconds"), QStringLiteral("1")},
                                    run.env);
        QCOMPARE(linked.code, 1);
        QVERIFY2(!linked.out.contains("TOP-SECRET-LINE"), linked.out.constData());
        QFile::remove(run.dir + QStringLiteral("/n1.log"));
        write(run.dir + QStringLiteral("/n1.log"), "login: \x1b]0;owned\x07\x1b[2Jok\r\nnext\xc2\x9b\r\n");
        const QStringList args {QStringLiteral("console"),   LabName,
                                QStringLiteral("n1"),        QStringLiteral("--read-only"),
                                QStringLiteral("--seconds"), QStringLiteral("1")};
        const Run filtered = labforge(args, run.env);
        QCOMPARE(filtered.code, 0);
        QVERIFY2(!filtered.out.contains('\x1b') && !filtered.out.contains('\x07'), filtered.out.constData());
        QVERIFY2(filtered.out.contains("login: \\x1b]0;owned\\x07\\x1b[2Jok\r\nnext\\u009b\r\n"),
                 filtered.out.constData());
        const Run raw = labforge(args + QStringList {QStringLiteral("--raw")}, run.env);
        QCOMPARE(raw.code, 0);
        QVERIFY2(raw.out.contains("\x1b]0;owned\x07"), raw.out.constData());
    }

    // A folder in the middle of the path that is a link (run/linked -> a folder outside):
    // the log through it is not inside the run, for RunInventory::owns and for `console
    // --read-only`; a real folder of the run, and one not made yet, are.
    void aLinkedFolderIsNotInsideTheRun()
    {
        QTemporaryDir outside;
        write(outside.filePath(QStringLiteral("n1.log")), "TOP-SECRET-LINE\n");
        const FakeRun run;
        QVERIFY(QFile::link(outside.path(), run.dir + QStringLiteral("/linked")));
        QVERIFY(QDir().mkpath(run.dir + QStringLiteral("/logs")));
        const RunInventory inventory(run.dir);
        QVERIFY(inventory.owns(run.dir + QStringLiteral("/n1.log")));
        QVERIFY(inventory.owns(run.dir + QStringLiteral("/logs/n1.log")));
        QVERIFY(inventory.owns(run.dir + QStringLiteral("/not-yet/n1.log")));
        QVERIFY(!inventory.owns(run.dir + QStringLiteral("/linked/n1.log")));
        QVERIFY(!inventory.owns(run.dir + QStringLiteral("/linked/deeper/n1.log")));
        QVERIFY(!inventory.owns(run.dir + QStringLiteral("/logs/../linked/n1.log")));
        QVERIFY(!inventory.owns(run.dir + QStringLiteral("/../outside.log")));
        QVERIFY(!inventory.owns(run.dir));

        QJsonObject record = QJsonDocument::fromJson(read(inventory.path())).object();
        QJsonArray domains = record.value(QStringLiteral("domains")).toArray();
        QJsonObject domain = domains.at(0).toObject();
        domain.insert(QStringLiteral("console_log"), run.dir + QStringLiteral("/linked/n1.log"));
        domains[0] = domain;
        record.insert(QStringLiteral("domains"), domains);
        write(inventory.path(), QJsonDocument(record).toJson());
        const Run r = labforge({QStringLiteral("console"), LabName, QStringLiteral("n1"), QStringLiteral("--read-only"),
                                QStringLiteral("--seconds"), QStringLiteral("1")},
                               run.env);
        QCOMPARE(r.code, 2);
        QVERIFY2(!r.out.contains("TOP-SECRET-LINE"), r.out.constData());
        QVERIFY2(r.err.contains("not in the run's directory"), r.err.constData());
    }

    // The console filter keeps a serial line's CR LF (also split across chunks) and nothing else.
    void consoleFilterKeepsLineEndsOnly()
    {
        QByteArray pending;
        QByteArray out = TerminalText::escapedConsole("a\r", &pending);
        out += TerminalText::escapedConsole("\nb\rc\x1b[1m\r\n", &pending);
        QCOMPARE(out, QByteArray("a\r\nb\\x0dc\\x1b[1m\r\n"));
        QVERIFY(pending.isEmpty());
    }

    // Snapshot folders that are links are refused, and removal never follows a link.
    void snapshotFoldersAreNotFollowed()
    {
        const FakeRun run;
        QTemporaryDir target;
        const QString marker = target.filePath(QStringLiteral("marker"));
        write(marker, "keep me\n");
        const QString snapshots = LabSnapshots::directory(run.dir);
        QVERIFY(QDir().mkpath(snapshots));
        QVERIFY(QFile::link(target.path(), snapshots + QStringLiteral("/evil")));
        LabSnapshots labSnapshots(LabName, run.dir);
        const LabSnapshots::Result deleted = labSnapshots.remove(QStringLiteral("evil"));
        QVERIFY(!deleted.ok);
        QVERIFY2(deleted.message.contains(QStringLiteral("symbolic link")), qPrintable(deleted.message));
        QVERIFY(QFile::exists(marker));
        QString error;
        QVERIFY(!labSnapshots.list(&error));
        QVERIFY2(error.contains(QStringLiteral("symbolic link")), qPrintable(error));

        // A real snapshot folder with a link inside: the link goes, its target stays.
        QVERIFY(QFile::remove(snapshots + QStringLiteral("/evil")));
        QVERIFY(QDir().mkpath(snapshots + QStringLiteral("/real/sub")));
        QVERIFY(QFile::link(target.path(), snapshots + QStringLiteral("/real/sub/into")));
        QVERIFY(QFile::link(marker, snapshots + QStringLiteral("/real/file")));
        const LabSnapshots::Result removed = labSnapshots.remove(QStringLiteral("real"));
        QVERIFY2(removed.ok, qPrintable(removed.message));
        QVERIFY(!QFileInfo::exists(snapshots + QStringLiteral("/real")));
        QVERIFY(QFile::exists(marker));

        // `down`'s clean-up: snapshots/ itself a link goes as a link.
        QVERIFY(QDir(snapshots).removeRecursively());
        QVERIFY(QFile::link(target.path(), snapshots));
        QCOMPARE(LabSnapshots::removeAll(run.dir), 0);
        QVERIFY(!QFileInfo(snapshots).isSymLink());
        QVERIFY(QFile::exists(marker));
    }

    // ssh and exec run ssh with the allow-listed environment: no LABFORGE_* secret reaches it.
    void childProcessesGetTheAllowListedEnvironment()
    {
        FakeRun run;
        QTemporaryDir bin;
        const QString dump = bin.filePath(QStringLiteral("env.txt"));
        write(bin.filePath(QStringLiteral("ssh")), "#!/bin/sh\nenv >> '" + dump.toUtf8() + "'\necho ran\n",
              QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        QProcessEnvironment env = run.env;
        env.insert(QStringLiteral("PATH"), bin.path() + QLatin1Char(':') + env.value(QStringLiteral("PATH")));
        env.insert(QStringLiteral("LABFORGE_OPS_PASSWORD"), QStringLiteral("ops-s3cret"));
        env.insert(QStringLiteral("LABFORGE_TEST_TOKEN"), QStringLiteral("token-s3cret"));
        const Run exec = labforge(
            {QStringLiteral("exec"), LabName, QStringLiteral("--all"), QStringLiteral("--"), QStringLiteral("true")},
            env);
        QVERIFY2(exec.out.contains("n1 | ran"), (exec.out + exec.err).constData());
        const Run ssh = labforge(
            {QStringLiteral("ssh"), LabName, QStringLiteral("n1"), QStringLiteral("--"), QStringLiteral("true")}, env);
        QVERIFY2(ssh.out.contains("ran"), (ssh.out + ssh.err).constData());
        // At library level too: the control connections' ssh.
        const QByteArray path = qgetenv("PATH");
        qputenv("PATH", bin.path().toUtf8() + ':' + path);
        qputenv("LABFORGE_OPS_PASSWORD", "ops-s3cret");
        SshConfig::closeConnections(run.dir, {QStringLiteral("n1")});
        qputenv("PATH", path);
        qunsetenv("LABFORGE_OPS_PASSWORD");
        const QByteArray seen = read(dump);
        QCOMPARE(seen.count("PATH="), 3);
        QVERIFY2(!seen.contains("s3cret") && !seen.contains("LABFORGE_"), seen.constData());
    }

    // The `cp` a snapshot copies disks with gets the same allow-listed environment (a logging
    // stand-in for cp, which copies too).
    void snapshotCopiesGetTheAllowListedEnvironment()
    {
        QTemporaryDir bin;
        const QString dump = bin.filePath(QStringLiteral("env.txt"));
        write(bin.filePath(QStringLiteral("cp")), "#!/bin/sh\nenv >> '" + dump.toUtf8() + "'\nexec /bin/cp \"$@\"\n",
              QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        write(bin.filePath(QStringLiteral("disk.qcow2")), "disk bytes");
        const QByteArray path = qgetenv("PATH");
        qputenv("PATH", bin.path().toUtf8() + ':' + path);
        qputenv("LABFORGE_OPS_PASSWORD", "ops-s3cret");
        qputenv("LABFORGE_TEST_TOKEN", "token-s3cret");
        QString error;
        const bool copied = SnapshotDisks::copyAll(
            {{bin.filePath(QStringLiteral("disk.qcow2")), bin.filePath(QStringLiteral("copy.qcow2"))}}, &error);
        qputenv("PATH", path);
        qunsetenv("LABFORGE_OPS_PASSWORD");
        qunsetenv("LABFORGE_TEST_TOKEN");
        QVERIFY2(copied, qPrintable(error));
        QCOMPARE(read(bin.filePath(QStringLiteral("copy.qcow2"))), QByteArray("disk bytes"));
        const QByteArray seen = read(dump);
        QCOMPARE(seen.count("PATH="), 1);
        QVERIFY2(!seen.contains("s3cret") && !seen.contains("LABFORGE_"), seen.constData());
    }

    // Numbers of link impair are finite and in range, refused naming the option before any tc.
    void linkImpairNumbersAreFinite_data()
    {
        QTest::addColumn<QString>("option");
        QTest::addColumn<QString>("value");
        QTest::newRow("loss nan") << "loss"
                                  << "nan";
        QTest::newRow("delay nan") << "delay"
                                   << "nan";
        QTest::newRow("jitter -nan") << "jitter"
                                     << "-nan";
        QTest::newRow("rate inf") << "rate"
                                  << "inf";
        QTest::newRow("loss negative") << "loss"
                                       << "-1";
        QTest::newRow("loss over 100") << "loss"
                                       << "100.5";
        QTest::newRow("delay absurd") << "delay"
                                      << "1e12";
    }
    void linkImpairNumbersAreFinite()
    {
        QFETCH(QString, option);
        QFETCH(QString, value);
        const FakeRun run;
        const Run r = labforge({QStringLiteral("link"), QStringLiteral("impair"), LabName, QStringLiteral("n1"),
                                QStringLiteral("n2"), QStringLiteral("--") + option, value},
                               run.env);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("--" + option.toUtf8() + " takes a number"), r.err.constData());
    }

    // The same numbers given to the runner directly (a scenario's impair step, the designer):
    // LinkControl refuses them before it looks for the link or runs tc, naming the option;
    // numbers in range get past the check (here to the missing link).
    void linkControlRefusesNumbersTcCannotTake_data()
    {
        QTest::addColumn<int>("delay");
        QTest::addColumn<int>("jitter");
        QTest::addColumn<double>("loss");
        QTest::addColumn<double>("rate");
        QTest::addColumn<QString>("option"); // empty: in range
        const double nan = std::numeric_limits<double>::quiet_NaN();
        const double inf = std::numeric_limits<double>::infinity();
        QTest::newRow("loss nan") << 0 << 0 << nan << 0.0 << "loss";
        QTest::newRow("loss -nan") << 0 << 0 << -nan << 0.0 << "loss";
        QTest::newRow("rate inf") << 0 << 0 << 0.0 << inf << "rate";
        QTest::newRow("rate -inf") << 0 << 0 << 0.0 << -inf << "rate";
        QTest::newRow("loss over 100") << 0 << 0 << 100.5 << 0.0 << "loss";
        QTest::newRow("delay negative") << -1 << 0 << 0.0 << 0.0 << "delay";
        QTest::newRow("delay absurd") << 2000000000 << 0 << 0.0 << 0.0 << "delay";
        QTest::newRow("jitter absurd") << 10 << 60001 << 0.0 << 0.0 << "jitter";
        QTest::newRow("in range") << 60000 << 60000 << 100.0 << 100000.0 << "";
    }
    void linkControlRefusesNumbersTcCannotTake()
    {
        QFETCH(int, delay);
        QFETCH(int, jitter);
        QFETCH(double, loss);
        QFETCH(double, rate);
        QFETCH(QString, option);
        QTemporaryDir run;
        LinkControl links(run.path());
        QString error;
        QVERIFY(!links.impair(QStringLiteral("n1"), QStringLiteral("n2"), {}, {delay, jitter, loss, rate}, &error));
        if (option.isEmpty())
            QVERIFY2(!error.contains(QLatin1String("takes a number")), qPrintable(error));
        else
            QCOMPARE(error,
                     QStringLiteral("--%1 takes a number from 0 to %2")
                         .arg(option)
                         .arg(option == u"loss"       ? 100
                                  : option == u"rate" ? 100000
                                                      : 60000));
        QVERIFY(QDir(run.path()).isEmpty());
    }

    // `down --orphans` on a host libvirt cannot reach (nothing listens on the port) fails,
    // naming the host and why: orphans it could not look for are not "0 removed". The test
    // driver, which answers, is the positive control. No run is recorded.
    void orphansOnAHostThatDoesNotAnswerFail()
    {
        QTemporaryDir cache;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("LABFORGE_CACHE_DIR"), cache.path());
        const QString unreachable = QStringLiteral("qemu+tcp://127.0.0.1:1/system");
        const Run r =
            labforge({QStringLiteral("down"), QStringLiteral("--orphans"), QStringLiteral("--uri"), unreachable}, env);
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("cannot look for orphans: " + unreachable.toUtf8() + " does not answer"),
                 r.err.constData());
        QVERIFY2(!r.out.contains("orphan(s) removed"), r.out.constData());
        const Run answered =
            labforge({QStringLiteral("down"), QStringLiteral("--orphans"), QStringLiteral("--uri"), TestUri}, env);
        QVERIFY2(answered.code == 0 && answered.out.contains("0 orphan(s) removed"),
                 answered.out + answered.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestLiveRecord)
#include "tst_liverecord.moc"
