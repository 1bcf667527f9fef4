// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: labforge developers
// The hostile-lab corpus (tests/data/hostile): lab files written to escape, inject or
// abort. Each is refused by the validator with its rule and JSON pointer (one with a
// control character in a string by the loader already, at its pointer), and refused
// by the CLI commands that act on files (validate, generate, build, up, test, down);
// and since the library API accepts any Lab, generation, the bundle writer, the image
// tree writer and the runner's paths are driven with each one directly: nothing may
// appear outside their roots (checked on the file system) and nothing may abort.
#include "BundleGenerator.h"
#include "BundleWriter.h"
#include "ConfinedPath.h"
#include "FeatureModules.h"
#include "HostCommand.h"
#include "LabReader.h"
#include "LabRunner.h"
#include "RunnerPaths.h"
#include "TestLabs.h"
#include "TreeWriter.h"
#include "Validator.h"

#include <QDirIterator>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Labforge;

namespace {

// Where the corpus's paths point when they escape; it must never come into being.
const QString Marker = QStringLiteral("/tmp/labforge-hostile");

QString corpus()
{
    return TestLabs::sourceDir() + QStringLiteral("/tests/data/hostile");
}

QJsonObject expected()
{
    QFile f(corpus() + QStringLiteral("/expected.json"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("tests/data/hostile/expected.json is missing");
    return QJsonDocument::fromJson(f.readAll()).object();
}

// Every path under `root`, relative to it.
QStringList tree(const QString &root)
{
    QStringList out;
    QDirIterator it(root, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        out.append(it.next().mid(root.size() + 1));
    out.sort();
    return out;
}

struct Run
{
    int code = -1;
    QString output;
};

// `command` on `file`, with what it needs to get as far as it would: an output directory in
// the sandbox for generate, no question and the test driver for up.
QStringList commandLine(const QString &command, const QString &file, const QTemporaryDir &sandbox)
{
    QStringList args {command, file};
    if (command == QLatin1String("generate"))
        args += {QStringLiteral("-o"), sandbox.filePath(QStringLiteral("cli-bundle"))};
    if (command == QLatin1String("up"))
        args += {QStringLiteral("--yes"), QStringLiteral("--uri"), QStringLiteral("test:///default")};
    return args;
}

Run labforge(const QStringList &args, const QString &cache)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("LABFORGE_CACHE_DIR"), cache);
    p.setProcessEnvironment(env);
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(qEnvironmentVariable("LABFORGE_BINARY"), args);
    if (!p.waitForFinished(60000))
        return {};
    return Run {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAll())};
}

} // namespace

// The first control character in `text` that would act on a terminal (C0 but newline and
// tab, DEL, C1), else -1.
int terminalControlAt(const QString &text)
{
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char16_t c = text.at(i).unicode();
        if ((c < 0x20 && c != u'\n' && c != u'\t') || c == 0x7f || (c >= 0x80 && c <= 0x9f))
            return int(i);
    }
    return -1;
}

class TestHostile : public QObject
{
    Q_OBJECT

public:
    // The composition root: the recipe features, as app/main.cpp installs them.
    static void initMain() { Labforge::FeatureModules::install(); }
    // A case the loader refuses ("load": a control character in a string): at its pointer,
    // by every command, without a terminal control in what they print or a file written.
    static void refusedAtLoad(const QString &file, const LabReader::Result &loaded, const QString &pointer)
    {
        QVERIFY(!loaded.lab);
        QVERIFY(std::any_of(loaded.errors.begin(), loaded.errors.end(),
                            [&](const LoadError &e) { return e.pointer == pointer; }));
        QTemporaryDir sandbox(QStringLiteral("/tmp/tst_hostile-XXXXXX"));
        QVERIFY(sandbox.isValid());
        const QString cache = sandbox.filePath(QStringLiteral("cache"));
        for (const QString &command : {QStringLiteral("validate"), QStringLiteral("generate"), QStringLiteral("build"),
                                       QStringLiteral("up"), QStringLiteral("test")}) {
            const Run r = labforge(commandLine(command, file, sandbox), cache);
            QVERIFY2(r.code == 2, qPrintable(command + QStringLiteral(": ") + QString::number(r.code) + r.output));
            QVERIFY2(r.output.contains(pointer + QStringLiteral(": ")),
                     qPrintable(command + QStringLiteral(": ") + r.output));
            QVERIFY2(terminalControlAt(r.output) < 0, qPrintable(command + QStringLiteral(": ") + r.output));
        }
        QCOMPARE(tree(sandbox.path()), QStringList());
        QVERIFY2(!QFileInfo::exists(Marker), "a hostile path reached /tmp/labforge-hostile");
    }

private Q_SLOTS:
    void initTestCase()
    {
        QDir(Marker).removeRecursively();
        QVERIFY(expected().size() >= 20);
    }

    void eachCase_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("rule");
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<bool>("atLoad");
        const QJsonObject cases = expected();
        for (auto it = cases.begin(); it != cases.end(); ++it) {
            const QJsonObject c = it.value().toObject();
            QTest::newRow(qPrintable(it.key()))
                << it.key() << c.value(QStringLiteral("rule")).toString()
                << c.value(QStringLiteral("pointer")).toString() << c.value(QStringLiteral("load")).toBool();
        }
    }

    void eachCase()
    {
        QFETCH(QString, name);
        QFETCH(QString, rule);
        QFETCH(QString, pointer);
        QFETCH(bool, atLoad);
        const QString file = corpus() + QLatin1Char('/') + name + QStringLiteral(".lab.json");
        const LabReader::Result loaded = LabReader::readFile(file);
        if (atLoad) {
            refusedAtLoad(file, loaded, pointer);
            return;
        }
        QVERIFY2(loaded.lab, qPrintable(loaded.errors.isEmpty() ? QString() : loaded.errors.first().message));
        const Lab &lab = *loaded.lab;

        // 1. The validator refuses it with its rule, at its place.
        const Problems problems = Validator::validate(lab, {});
        QStringList seen;
        bool found = false;
        for (const Problem &p : problems) {
            seen.append(p.rule + QLatin1Char(' ') + p.pointer);
            found = found || (p.rule == rule && p.pointer == pointer && p.isError());
        }
        QVERIFY2(found, qPrintable(seen.join(QStringLiteral("; "))));

        QTemporaryDir sandbox(QStringLiteral("/tmp/tst_hostile-XXXXXX")); // its parent is where the marker would be
        QVERIFY(sandbox.isValid());
        const QString cache = sandbox.filePath(QStringLiteral("cache"));

        // 2. The CLI refuses it; nothing is written.
        const Run validate = labforge({QStringLiteral("validate"), file}, cache);
        QCOMPARE(validate.code, 1);
        QVERIFY2(validate.output.contains(rule), qPrintable(validate.output));
        // What the CLI prints of the lab's strings cannot act on a terminal.
        QVERIFY2(terminalControlAt(validate.output) < 0, validate.output.toUtf8().toHex(' ').constData());
        for (const QString &command : {QStringLiteral("generate"), QStringLiteral("build"), QStringLiteral("up")}) {
            const Run r = labforge(commandLine(command, file, sandbox), cache);
            QVERIFY2(r.code == 1, qPrintable(command + QStringLiteral(": ") + QString::number(r.code) + r.output));
            QVERIFY2(r.output.contains(rule), qPrintable(command + QStringLiteral(": ") + r.output));
            QVERIFY2(terminalControlAt(r.output) < 0, qPrintable(command + QStringLiteral(": ") + r.output));
        }
        const Run test = labforge({QStringLiteral("test"), file}, cache);
        QVERIFY2(test.code != 0, qPrintable(test.output));
        QCOMPARE(tree(sandbox.path()), QStringList());

        // 3. Generation and the bundle writer, driven directly: no abort, nothing outside the directory.
        const Bundle bundle = BundleGenerator::generate(lab);
        QString error;
        const QString out = sandbox.filePath(QStringLiteral("bundle"));
        const bool written = BundleWriter::write(bundle, out, false, &error);
        for (const QString &path : tree(sandbox.path()))
            QVERIFY2(path == QLatin1String("bundle") || path.startsWith(QLatin1String("bundle/")), qPrintable(path));
        if (!written)
            QVERIFY2(!error.isEmpty() && !QFileInfo::exists(out), qPrintable(error));

        // 4. The image tree writer with every node's overlay, in a tree holding links that point
        //    out of it (as a hostile base could): confined, or refused.
        const QString root = sandbox.filePath(QStringLiteral("tree"));
        QVERIFY(QDir().mkpath(root + QStringLiteral("/usr")));
        // tree/usr/up -> ../../.. is the sandbox's parent (/tmp): out of the tree, where the marker would be.
        QVERIFY(QFile::link(QStringLiteral("../../.."), root + QStringLiteral("/usr/up")));
        QVERIFY(QFile::link(Marker, root + QStringLiteral("/abs")));
        const TreeWriter writer(root);
        for (const Bundle::NodeImage &n : bundle.nodes) {
            for (const GeneratedFile &f : n.output.files) {
                QString why;
                if (f.isSymlink())
                    writer.writeLink(f.path, f.symlinkTarget, &why);
                else
                    writer.writeFile(f.path, f.content, f.mode, &why);
            }
        }
        QVERIFY(!writer.writeFile(QStringLiteral("/usr/up/labforge-hostile/x"), "x", 0644, &error));
        QVERIFY(writer.writeFile(QStringLiteral("/abs/x"), "x", 0644, &error)); // absolute links mean the tree
        QVERIFY(QFileInfo::exists(root + Marker + QStringLiteral("/x")));
        for (const QString &path : tree(sandbox.path()))
            QVERIFY2(path.startsWith(QLatin1String("bundle")) || path.startsWith(QLatin1String("tree")),
                     qPrintable(path));

        // 5. The runner's paths and run: a name that is not a safe name never reaches a path.
        if (rule == QLatin1String("lab.name-invalid")) {
            QVERIFY(RunnerPaths::run(lab.name, &error).isEmpty());
            QVERIFY(RunnerPaths::images(lab.name, &error).isEmpty());
            LabRunner::Options o;
            o.uri = QStringLiteral("test:///default");
            const auto result = LabRunner(lab, bundle, o).up();
            QVERIFY(!result.ok);
            QVERIFY(!LabRunner::down(lab.name, QStringLiteral("test:///default"), {}, &error));
        }
        QVERIFY2(!QFileInfo::exists(Marker), "a hostile path reached /tmp/labforge-hostile");
    }

    void confinedJoinRules()
    {
        QTemporaryDir root;
        QString error;
        QCOMPARE(ConfinedPath::join(root.path(), QStringLiteral("/etc/x"), &error),
                 root.path() + QStringLiteral("/etc/x"));
        QVERIFY(ConfinedPath::join(root.path(), QStringLiteral("../x"), &error).isEmpty());
        QVERIFY(error.contains(QStringLiteral("leaves")));
        QVERIFY(ConfinedPath::join(root.path(), QStringLiteral("a/../../x"), &error).isEmpty());
        QVERIFY(ConfinedPath::join(root.path(), QStringLiteral("a\nb"), &error).isEmpty());
        QVERIFY(QFile::link(QStringLiteral("loop"), root.filePath(QStringLiteral("loop"))));
        QVERIFY(ConfinedPath::join(root.path(), QStringLiteral("loop/x"), &error).isEmpty());
        QVERIFY(error.contains(QStringLiteral("too many")));
        QVERIFY(QDir().mkpath(root.filePath(QStringLiteral("usr/lib"))));
        QVERIFY(QFile::link(QStringLiteral("usr/lib"), root.filePath(QStringLiteral("lib"))));
        QCOMPARE(ConfinedPath::join(root.path(), QStringLiteral("/lib/x"), &error),
                 root.path() + QStringLiteral("/usr/lib/x"));
        QCOMPARE(ConfinedPath::join(root.path(), QStringLiteral("/lib"), &error, ConfinedPath::Last::NoFollow),
                 root.path() + QStringLiteral("/lib"));
    }

    void childProcessesGetNoSecrets()
    {
        qputenv("LABFORGE_OPS_PASSWORD", "canary-password-in-the-environment");
        qputenv("LABFORGE_SSH_KEY_FILE", "/nonexistent/canary-key");
        const auto r = HostCommand(QStringLiteral("env"), {}).run();
        qunsetenv("LABFORGE_OPS_PASSWORD");
        qunsetenv("LABFORGE_SSH_KEY_FILE");
        QVERIFY(r.ok());
        QVERIFY(r.output.contains("PATH="));
        QVERIFY2(!r.output.contains("LABFORGE_"), r.output.constData());
        QVERIFY(!r.output.contains("canary"));
    }

    void cleanupTestCase() { QVERIFY(!QFileInfo::exists(Marker)); }
};

QTEST_GUILESS_MAIN(TestHostile)
#include "tst_hostile.moc"
