// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
#include "FeatureModules.h"
#include "LabWriter.h"
#include "RunInventory.h"
#include "RunnerPaths.h"
#include "TerminalText.h"
#include "TestLabs.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace Labforge;

namespace {

struct Run
{
    int code = -1;
    QString out;
    QString err;
};

Run labforge(const QStringList &args)
{
    QProcess p;
    p.start(qEnvironmentVariable("LABFORGE_BINARY"), args);
    if (!p.waitForFinished(60000))
        qFatal("labforge %s did not finish", qPrintable(args.join(QLatin1Char(' '))));
    return Run {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
                QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}

void write(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
}

QByteArray read(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestCli : public QObject
{
    Q_OBJECT

public:
    // The composition root: the recipe features, as app/main.cpp installs them.
    static void initMain() { Labforge::FeatureModules::install(); }

private:
    // A run of `lab` recorded under LABFORGE_CACHE_DIR, on libvirt's test driver, without VMs.
    static void recordRunWithoutVms(const QString &lab)
    {
        QString error;
        RunInventory inventory(RunnerPaths::run(lab, &error));
        inventory.lab = lab;
        inventory.uri = QStringLiteral("test:///default");
        QVERIFY2(inventory.save(&error), qPrintable(error));
    }

    QTemporaryDir m_dir;
    QString path(const char *name) const { return m_dir.filePath(QString::fromLatin1(name)); }

private Q_SLOTS:
    void initTestCase() { QVERIFY(QFile::exists(qEnvironmentVariable("LABFORGE_BINARY"))); }

    void versionAndHelp()
    {
        const Run v = labforge({QStringLiteral("--version")});
        QCOMPARE(v.code, 0);
        QVERIFY(v.out.startsWith(QStringLiteral("labforge ")));
        // Which code highlighting the build uses (KF6 SyntaxHighlighting or the built-in one).
        static const QRegularExpression highlighting(
            QStringLiteral("\nsyntax highlighting: (KF6 SyntaxHighlighting 6\\.[0-9.]+|built-in)\n"));
        QVERIFY2(highlighting.match(v.out).hasMatch(), qPrintable(v.out));
        const Run h = labforge({QStringLiteral("--help")});
        QCOMPARE(h.code, 0);
        for (const char *cmd : {"validate", "format", "new", "templates"})
            QVERIFY2(h.out.contains(QString::fromLatin1(cmd)), cmd);
        const Run vh = labforge({QStringLiteral("validate"), QStringLiteral("--help")});
        QCOMPARE(vh.code, 0);
        QVERIFY(vh.out.contains(QStringLiteral("--json")));
        // Every command's help starts with what a user types, not the program's path.
        static const QRegularExpression command(QStringLiteral("\n  ([a-z-]+) "));
        int commands = 0;
        for (auto it = command.globalMatch(h.out.section(QStringLiteral("Commands:"), 1)); it.hasNext(); ++commands) {
            const QString name = it.next().captured(1);
            const Run ch = labforge({name, QStringLiteral("--help")});
            QVERIFY2(ch.out.startsWith(QStringLiteral("Usage: labforge %1 [options]").arg(name)), qPrintable(ch.out));
        }
        QVERIFY(commands > 20);
        const Run bad = labforge({QStringLiteral("frobnicate")});
        QCOMPARE(bad.code, 2);
        QVERIFY(bad.err.contains(QStringLiteral("unknown command")));
    }

    // `down --help` says what down takes: a lab's file, or the name of a lab with a recorded
    // run (its file may be gone), or --template NAME.
    void downHelpSaysItTakesALabsName()
    {
        const Run h = labforge({QStringLiteral("down"), QStringLiteral("--help")});
        QCOMPARE(h.code, 0);
        const QString arguments = h.out.section(QStringLiteral("Arguments:"), 1);
        QVERIFY2(arguments.contains(QStringLiteral("the name of a lab with a recorded run")), qPrintable(h.out));
        QVERIFY2(arguments.contains(QStringLiteral("--template NAME")), qPrintable(h.out));
    }

    // The designer has a command word of its own whose --help names every option the window
    // reads, and answers without a display; a mistake in its options is said, not a window.
    void designerHelpAndMistakes()
    {
        const Run h = labforge({QStringLiteral("designer"), QStringLiteral("--help")});
        QCOMPARE(h.code, 0);
        QVERIFY2(h.out.startsWith(QStringLiteral("Usage: labforge designer [options] [FILE]")), qPrintable(h.out));
        for (const char *option : {"--template", "--report", "--language", "--screenshot"})
            QVERIFY2(h.out.contains(QString::fromLatin1(option)), option);
        QVERIFY(labforge({QStringLiteral("--help")}).out.contains(QStringLiteral("\n  designer ")));
        const Run bad = labforge({QStringLiteral("designer"), QStringLiteral("--frobnicate")});
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.err.startsWith(QStringLiteral("labforge designer: Unknown option 'frobnicate'")),
                 qPrintable(bad.err));
        const Run two =
            labforge({QStringLiteral("designer"), QStringLiteral("a.lab.json"), QStringLiteral("b.lab.json")});
        QCOMPARE(two.code, 2);
        QVERIFY2(two.err.contains(QStringLiteral("one lab file at most")), qPrintable(two.err));
    }

    void templatesList()
    {
        const Run r = labforge({QStringLiteral("templates")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains(QStringLiteral("slurm-hpc\t")));
        QVERIFY(r.out.contains(QStringLiteral("web-lab\t")));
    }

    void newWritesTheTemplateAndRefusesToOverwrite()
    {
        const Run r = labforge(
            {QStringLiteral("new"), QStringLiteral("--template"), QStringLiteral("slurm-hpc"), path("hpc.lab.json")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains(QStringLiteral("6 nodes")));
        const Run again = labforge(
            {QStringLiteral("new"), QStringLiteral("--template"), QStringLiteral("web-lab"), path("hpc.lab.json")});
        QCOMPARE(again.code, 2);
        QVERIFY(again.err.contains(QStringLiteral("--force")));
        QVERIFY(read(path("hpc.lab.json")).contains("\"name\": \"slurm-hpc\""));
        const Run unknown =
            labforge({QStringLiteral("new"), QStringLiteral("--template"), QStringLiteral("nope"), path("x.lab.json")});
        QCOMPARE(unknown.code, 2);
        QVERIFY(unknown.err.contains(QStringLiteral("no built-in lab \"nope\"")));
    }

    // `up` shows what it will take and what the pins lock only trusts: before a
    // terminal confirmation it names the artifacts without a published digest; without a
    // terminal and without --yes it allocates nothing.
    void upNamesUnpublishedPinsBeforeAsking()
    {
        Lab lab = TestLabs::builtIn(QStringLiteral("slurm-hpc"));
        lab.name = QStringLiteral("cli-confirm");
        QVERIFY(LabWriter::save(lab, path("confirm.lab.json")));
        const Run up = labforge({QStringLiteral("up"), QStringLiteral("--uri"), QStringLiteral("test:///default"),
                                 QStringLiteral("--no-build"), QStringLiteral("--no-test"), path("confirm.lab.json")});
        QVERIFY2(up.code != 0, qPrintable(up.out + up.err));
        QVERIFY2(up.out.contains(QStringLiteral("No digest in the pins lock for slinky/slurm-operator-crds")),
                 qPrintable(up.out));
        QVERIFY2(up.err.contains(QStringLiteral("not confirmed")), qPrintable(up.err));
    }

    // A lab with hosts: `up` asks each host what it has and refuses, before
    // anything is allocated or confirmed, a lab that does not fit, with the numbers per host.
    void upRefusesALabItsHostsCannotHold()
    {
        Lab lab = TestLabs::builtIn(QStringLiteral("web-lab"));
        lab.name = QStringLiteral("cli-hosts");
        lab.hosts = {LabHost {QStringLiteral("tester"), QStringLiteral("test:///default")}};
        lab.nodes[0].placementHost = QStringLiteral("tester");
        QVERIFY(LabWriter::save(lab, path("hosts.lab.json")));
        QVERIFY(QFile(path("hosts.lab.json")).open(QIODevice::ReadOnly));
        const Run up = labforge(
            {QStringLiteral("up"), QStringLiteral("--no-build"), QStringLiteral("--no-test"), path("hosts.lab.json")});
        QCOMPARE(up.code, 1);
        QVERIFY2(up.err.contains(QStringLiteral("the lab does not fit its hosts; nothing was allocated")),
                 qPrintable(up.err));
        // libvirt's test driver: 16 CPUs, 3 GiB of RAM, next to nothing free.
        QVERIFY2(up.err.contains(QStringLiteral("tester: ")) && up.err.contains(QStringLiteral("3.0 GiB RAM"))
                     && up.err.contains(QStringLiteral("16 CPU(s)")),
                 qPrintable(up.err));
        QVERIFY2(up.err.contains(QStringLiteral("host tester is given")), qPrintable(up.err));
        QVERIFY(!up.out.contains(QStringLiteral("Allocate and boot?")));
    }

    void validateExitCodes()
    {
        labforge({QStringLiteral("new"), QStringLiteral("--template"), QStringLiteral("slurm-hpc"),
                  QStringLiteral("--force"), path("ok.lab.json")});
        const Run ok = labforge({QStringLiteral("validate"), path("ok.lab.json")});
        QCOMPARE(ok.code, 0);
        QVERIFY(ok.out.contains(QStringLiteral("0 errors, 0 warnings")));

        Lab lab = TestLabs::builtIn(QStringLiteral("slurm-hpc"));
        lab.node(QStringLiteral("compute-2"))->interfaces[0].ip = QStringLiteral("10.103.0.21");
        lab.node(QStringLiteral("compute-2"))->position = QPointF(130, 350);
        QVERIFY(LabWriter::save(lab, path("bad.lab.json")));
        const Run bad = labforge({QStringLiteral("validate"), path("bad.lab.json")});
        QCOMPARE(bad.code, 1);
        QVERIFY2(
            bad.out.contains(QStringLiteral("error node.ip-duplicate /nodes/2/interfaces/0/ip: node \"compute-2\"")),
            qPrintable(bad.out));
        QVERIFY(bad.out.contains(QStringLiteral("warning node.position-overlap /nodes/2/position")));
        // Both parties of the duplicate; the overlap, and the measurements' step that still
        // names compute-2's old address.
        QVERIFY2(bad.out.contains(QStringLiteral("2 errors, 2 warnings")), qPrintable(bad.out));
        QVERIFY(bad.out.contains(QStringLiteral("warning scenario.stale-address")));

        const Run json = labforge({QStringLiteral("validate"), QStringLiteral("--json"), path("bad.lab.json")});
        QCOMPARE(json.code, 1);
        const QJsonArray problems = QJsonDocument::fromJson(json.out.toUtf8()).array();
        QCOMPARE(problems.size(), 4);
        QCOMPARE(problems.at(0).toObject().value(QStringLiteral("rule")).toString(),
                 QStringLiteral("node.ip-duplicate"));
        QCOMPARE(problems.at(0).toObject().value(QStringLiteral("node")).toString(), QStringLiteral("compute-2"));
        QCOMPARE(problems.at(0).toObject().value(QStringLiteral("severity")).toString(), QStringLiteral("error"));

        // Only warnings: still valid.
        lab.node(QStringLiteral("compute-2"))->interfaces[0].ip = QStringLiteral("10.103.0.22");
        QVERIFY(LabWriter::save(lab, path("warn.lab.json")));
        QCOMPARE(labforge({QStringLiteral("validate"), path("warn.lab.json")}).code, 0);

        write(path("broken.lab.json"), "{\n  \"format\": \"labforge/lab@1\",\n  oops\n}\n");
        const Run broken = labforge({QStringLiteral("validate"), path("broken.lab.json")});
        QCOMPARE(broken.code, 2);
        QVERIFY2(broken.err.contains(path("broken.lab.json") + QStringLiteral(":3:3: JSON syntax error")),
                 qPrintable(broken.err));

        const Run missing = labforge({QStringLiteral("validate"), path("missing.lab.json")});
        QCOMPARE(missing.code, 2);
        // The file is named, no place in it (there is none).
        QVERIFY2(missing.err.contains(path("missing.lab.json") + QStringLiteral(": cannot open: ")),
                 qPrintable(missing.err));

        QCOMPARE(labforge({QStringLiteral("validate"), QStringLiteral("--template"), QStringLiteral("web-lab")}).code,
                 0);
    }

    // `down` takes a lab's name when no such file exists and a run of that name is recorded.
    void downTakesTheNameOfARecordedRun()
    {
        QTemporaryDir cache;
        qputenv("LABFORGE_CACHE_DIR", cache.path().toUtf8());
        recordRunWithoutVms(QStringLiteral("gone-lab"));
        const Run byName = labforge({QStringLiteral("down"), QStringLiteral("gone-lab")});
        const Run unknown = labforge({QStringLiteral("down"), QStringLiteral("never-ran")});
        qunsetenv("LABFORGE_CACHE_DIR");
        QCOMPARE(byName.code, 0);
        QVERIFY2(byName.out.contains(QStringLiteral("lab gone-lab is down")), qPrintable(byName.out + byName.err));
        QCOMPARE(unknown.code, 2); // neither a file nor a recorded run
        QVERIFY2(unknown.err.contains(QStringLiteral("never-ran")), qPrintable(unknown.err));
    }

    // The same option means the same on every verb: `--yes`, which `up` needs without a
    // terminal, is accepted by `down` too (which does not ask).
    void downAcceptsYesAsUpDoes()
    {
        QTemporaryDir cache;
        qputenv("LABFORGE_CACHE_DIR", cache.path().toUtf8());
        recordRunWithoutVms(QStringLiteral("yes-lab"));
        const Run down = labforge({QStringLiteral("down"), QStringLiteral("--yes"), QStringLiteral("yes-lab")});
        qunsetenv("LABFORGE_CACHE_DIR");
        QVERIFY2(down.code == 0, qPrintable(down.out + down.err));
        QVERIFY2(down.out.contains(QStringLiteral("lab yes-lab is down")), qPrintable(down.out + down.err));
    }

    // The HPC labs a user starts from sit at the specification's canvas pixels with its eight
    // links, and validate clean.
    void newHpcLabsAreTheSpecificationsDrawing_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("slurm-hpc") << QStringLiteral("slurm-hpc");
        QTest::newRow("slurm-native") << QStringLiteral("slurm-native");
    }
    void newHpcLabsAreTheSpecificationsDrawing()
    {
        QFETCH(QString, name);
        const QString file = path(qPrintable(name + QStringLiteral(".lab.json")));
        QCOMPARE(labforge({QStringLiteral("new"), QStringLiteral("--template"), name, file}).code, 0);
        const QJsonObject lab = QJsonDocument::fromJson(read(file)).object();
        QCOMPARE(lab.value(QStringLiteral("format")).toString(), QStringLiteral("labforge/lab@4"));
        QStringList positions;
        for (const QJsonValue n : lab.value(QStringLiteral("nodes")).toArray()) {
            const QJsonObject p = n.toObject().value(QStringLiteral("position")).toObject();
            positions.append(QStringLiteral("%1 (%2, %3)")
                                 .arg(n.toObject().value(QStringLiteral("node_id")).toString())
                                 .arg(p.value(QStringLiteral("x")).toDouble())
                                 .arg(p.value(QStringLiteral("y")).toDouble()));
        }
        positions.sort();
        QCOMPARE(positions,
                 (QStringList {QStringLiteral("compute-1 (120, 340)"), QStringLiteral("compute-2 (520, 340)"),
                               QStringLiteral("controller (320, 100)"), QStringLiteral("login-ops (120, 580)"),
                               QStringLiteral("observability (320, 820)"), QStringLiteral("storage (520, 580)")}));
        QStringList links;
        for (const QJsonValue l : lab.value(QStringLiteral("links")).toArray())
            links.append(l.toObject().value(QStringLiteral("from")).toString() + QLatin1Char('-')
                         + l.toObject().value(QStringLiteral("to")).toString() + QLatin1Char('@')
                         + l.toObject().value(QStringLiteral("network")).toString());
        QCOMPARE(links,
                 (QStringList {
                     QStringLiteral("controller-compute-1@hpc-lab"), QStringLiteral("controller-compute-2@hpc-lab"),
                     QStringLiteral("controller-login-ops@hpc-lab"), QStringLiteral("controller-observability@hpc-lab"),
                     QStringLiteral("storage-controller@hpc-lab"), QStringLiteral("storage-compute-1@hpc-lab"),
                     QStringLiteral("storage-compute-2@hpc-lab"), QStringLiteral("storage-login-ops@hpc-lab")}));
        const Run valid = labforge({QStringLiteral("validate"), file});
        QCOMPARE(valid.code, 0);
        QVERIFY2(valid.out.contains(QStringLiteral("0 errors, 0 warnings")), qPrintable(valid.out));
    }

    // A format 1 file's links come back from `labforge format` in the current format, every one.
    void formatKeepsTheLinksOfAFormatOneFile()
    {
        QJsonObject lab = TestLabs::asFormatOne(
            QJsonDocument::fromJson(LabWriter::toBytes(TestLabs::builtIn(QStringLiteral("web-lab")))).object());
        QJsonArray links;
        QStringList ids;
        for (const QJsonValue n : lab.value(QStringLiteral("nodes")).toArray())
            ids.append(n.toObject().value(QStringLiteral("node_id")).toString());
        for (qsizetype i = 1; i < ids.size(); ++i)
            links.append(QJsonObject {{QStringLiteral("from"), ids.first()}, {QStringLiteral("to"), ids.at(i)}});
        lab.insert(QStringLiteral("links"), links);
        write(path("old.lab.json"), QJsonDocument(lab).toJson());
        const Run run = labforge({QStringLiteral("format"), path("old.lab.json")});
        QCOMPARE(run.code, 0);
        const QJsonObject saved = QJsonDocument::fromJson(read(path("old.lab.json"))).object();
        QCOMPARE(saved.value(QStringLiteral("format")).toString(), QStringLiteral("labforge/lab@4"));
        const QJsonArray kept = saved.value(QStringLiteral("links")).toArray();
        QCOMPARE(kept.size(), links.size());
        for (qsizetype i = 0; i < kept.size(); ++i) {
            QCOMPARE(kept.at(i).toObject().value(QStringLiteral("to")),
                     links.at(i).toObject().value(QStringLiteral("to")));
            QCOMPARE(kept.at(i).toObject().value(QStringLiteral("network")).toString(), QStringLiteral("web-net"));
        }
        QCOMPARE(labforge({QStringLiteral("validate"), path("old.lab.json")}).code, 0);
    }

    // Control characters that would act on a terminal are written out; text stays as it is.
    void terminalTextWritesControlsOut()
    {
        QCOMPARE(TerminalText::escaped(QStringLiteral("node \"x\u001b]52;c;ZXZpbA==\u0007\" is invalid\n\tnext")),
                 QStringLiteral("node \"x\\x1b]52;c;ZXZpbA==\\x07\" is invalid\n\tnext"));
        QCOMPARE(TerminalText::escaped(QStringLiteral("csi \u009b2J del \u007f nul ") + QChar(0)),
                 QStringLiteral("csi \\u009b2J del \\x7f nul \\x00"));
        QCOMPARE(TerminalText::escaped(QStringLiteral("Grüße – ✓")), QStringLiteral("Grüße – ✓"));
        // Over UTF-8 in chunks: a C1 control split between two writes is still caught.
        QByteArray pending;
        const QByteArray c1 = QStringLiteral("a\u009bb").toUtf8();
        QByteArray out = TerminalText::escapedUtf8(c1.left(2), &pending);
        out += TerminalText::escapedUtf8(c1.mid(2), &pending);
        QCOMPARE(out, QByteArray("a\\u009bb"));
        QCOMPARE(TerminalText::escapedUtf8(QByteArray("\x1b[2J\xc3\xbc\r\n")), QByteArray("\\x1b[2J\xc3\xbc\\x0d\n"));
    }

    void formatRewritesCanonicallyAndChecks()
    {
        const QByteArray canonical = LabWriter::toBytes(TestLabs::builtIn(QStringLiteral("web-lab")));
        const QByteArray compact = QJsonDocument::fromJson(canonical).toJson(QJsonDocument::Compact);
        write(path("fmt.lab.json"), compact);
        const Run check = labforge({QStringLiteral("format"), QStringLiteral("--check"), path("fmt.lab.json")});
        QCOMPARE(check.code, 1);
        QCOMPARE(read(path("fmt.lab.json")), compact);
        QCOMPARE(labforge({QStringLiteral("format"), path("fmt.lab.json")}).code, 0);
        QCOMPARE(read(path("fmt.lab.json")), canonical);
        QCOMPARE(labforge({QStringLiteral("format"), QStringLiteral("--check"), path("fmt.lab.json")}).code, 0);

        // A file that does not load is never rewritten.
        write(path("bad-fmt.lab.json"), "{\"format\": \"labforge/lab@9\"}");
        const Run newer = labforge({QStringLiteral("format"), path("bad-fmt.lab.json")});
        QCOMPARE(newer.code, 2);
        QVERIFY(newer.err.contains(QStringLiteral("labforge/lab@9")));
        QCOMPARE(read(path("bad-fmt.lab.json")), QByteArray("{\"format\": \"labforge/lab@9\"}"));
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
